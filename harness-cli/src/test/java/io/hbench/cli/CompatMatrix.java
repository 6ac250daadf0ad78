package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.concurrent.TimeUnit;

/**
 * One of {@code compat/}'s matrix scripts, run as a user runs it for one version: its table, and
 * where its records are ({@code MATRIX_OUT}). Fails unless the script exits 0 in time.
 */
record CompatMatrix(String table, Path out) {

  static CompatMatrix run(String script, String version, String outDir, int minutes)
      throws Exception {
    Path root = Path.of("..").toAbsolutePath().normalize();
    Path out = Path.of("target", outDir).toAbsolutePath();
    ProcessBuilder pb = new ProcessBuilder("bash", root.resolve("compat").resolve(script).toString(),
        version).redirectErrorStream(true);
    pb.environment().put("MATRIX_OUT", out.toString());
    Process p = pb.start();
    String table = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(minutes, TimeUnit.MINUTES), table);
    System.out.println(script + " " + version + ":\n" + table);
    assertEquals(0, p.exitValue(), table);
    return new CompatMatrix(table, out.resolve(version));
  }
}
