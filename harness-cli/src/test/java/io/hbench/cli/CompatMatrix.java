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
    return run(script, version, outDir, minutes, null);
  }

  /** As {@link #run(String, String, String, int)}, of the cells {@code suites} names alone. */
  static CompatMatrix run(String script, String version, String outDir, int minutes,
      String suites) throws Exception {
    Path root = Path.of("..").toAbsolutePath().normalize();
    Path out = Path.of("target", outDir).toAbsolutePath();
    ProcessBuilder pb = new ProcessBuilder("bash", root.resolve("compat").resolve(script).toString(),
        version).redirectErrorStream(true);
    pb.environment().put("MATRIX_OUT", out.toString());
    pb.environment().put("MATRIX_DEFINES", taskJvmFlags());
    if (suites != null) {
      pb.environment().put("MATRIX_SUITES", suites);
    }
    Process p = pb.start();
    String table = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
    assertTrue(p.waitFor(minutes, TimeUnit.MINUTES), table);
    System.out.println(script + " " + version + ":\n" + table);
    assertEquals(0, p.exitValue(), table);
    return new CompatMatrix(table, out.resolve(version));
  }

  /**
   * The tests' task JVM flags (the tests' {@code mapred-site.xml}), one {@code key=value} a line:
   * the matrix's jobs start as quickly as the other tests' do.
   */
  static String taskJvmFlags() {
    org.apache.hadoop.conf.Configuration site = new org.apache.hadoop.conf.Configuration(false);
    site.addResource("mapred-site.xml");
    StringBuilder b = new StringBuilder();
    for (java.util.Map.Entry<String, String> e : site) {
      b.append(e.getKey()).append('=').append(e.getValue()).append('\n');
    }
    return b.toString();
  }
}
