package io.hbench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * Secrets inside values never reach an output: settings carrying them are fed through {@code -D},
 * a {@code --conf} XML file, a {@code key=value} file and URLs, to a run that succeeds, one that
 * cannot reach its file system, and the reports of the results; then every stream and every file
 * the runs left is searched for each secret. Child processes, so that the process's own stdout
 * and stderr (where logs and uncaught exceptions go) are searched too.
 */
@Tag("integration")
class SecretsIT {

  @TempDir Path tmp;

  /** Each secret, and a setting that carries it inside a value, where that is how it travels. */
  private static final String[][] DEFINES = {
    {"Sx1-s3a-secret-k3y", "fs.s3a.secret.key=Sx1-s3a-secret-k3y"},
    {"Sx2-mysql-pw", "javax.jdo.option.ConnectionURL=jdbc:mysql://h/db?user=u&password=Sx2-mysql-pw&ssl=true"},
    {"Sx3-userinfo", "my.endpoint=https://bob:Sx3-userinfo@objects.example/bucket"},
    {"AKIAIOSFODNN7EXAMPLE", "my.note=key AKIAIOSFODNN7EXAMPLE for the test bucket"},
    {"Sx4-hive-pwd", "my.hive.url=jdbc:hive2://h:10000/;user=u;pwd=Sx4-hive-pwd"},
    {"Sx5-list-pw", "my.set=a=1,javax.jdo.option.ConnectionPassword=Sx5-list-pw,b=2"},
  };

  private static final String XML_SECRET = "Sx6-azure-account-k3y";
  private static final String XML_URL_SECRET = "Sx7-xml-token";
  private static final String KV_SECRET = "Sx8-kv-secret-k3y";
  private static final String KV_KEY_ID = "ASIAY34FZKBOKMUTVV7A";
  private static final String FS_SECRET = "Sx9-fs-userinfo";

  @Test
  void noSecretReachesAnyOutput() throws Exception {
    Path xml = tmp.resolve("secrets.xml");
    Files.writeString(xml, "<configuration>"
        + "<property><name>fs.azure.account.key.acct.blob.core.windows.net</name><value>"
        + XML_SECRET + "</value></property>"
        + "<property><name>my.service.url</name><value>https://h/api?token=" + XML_URL_SECRET
        + "&amp;x=1</value></property></configuration>");
    Path kv = tmp.resolve("s3.conf");
    Files.writeString(kv, "AWS_ACCESS_KEY=" + KV_KEY_ID + "\nAWS_SECRET_KEY=" + KV_SECRET + "\n");
    Path work = Files.createDirectory(tmp.resolve("work"));
    Path out = work.resolve("r.jsonl");
    Files.createDirectory(work.resolve("disk"));

    List<String> secrets = new ArrayList<>(List.of(XML_SECRET, XML_URL_SECRET, KV_SECRET, KV_KEY_ID,
        FS_SECRET));
    List<String> run = new ArrayList<>(List.of("disk", "--path", work.resolve("disk").toString(),
        "--size", "64K", "--block-size", "4K", "--repeat", "1", "--out", out.toString(),
        "--conf", xml.toString(), "--conf", kv.toString()));
    for (String[] d : DEFINES) {
      secrets.add(d[0]);
      run.add("-D");
      run.add(d[1]);
    }
    StringBuilder streams = new StringBuilder();
    streams.append(bench(work, 0, run));
    // A run that cannot reach its file system: the error names the file system, not its password.
    List<String> unreachable = new ArrayList<>(List.of("fsops", "--op", "exists", "--repeat", "1",
        "--fs", "hdfs://alice:" + FS_SECRET + "@127.0.0.1:1/", "--out", out.toString()));
    unreachable.addAll(run.subList(run.indexOf("--conf"), run.size()));
    streams.append(bench(work, 2, unreachable));
    streams.append(bench(work, 0, List.of("report", out.toString())));
    streams.append(bench(work, 0, List.of("report", "--html", work.resolve("r.html").toString(),
        out.toString())));

    String record = Files.readString(out);
    assertTrue(record.contains("\"status\":\"ok\""), record);
    assertTrue(record.contains("<redacted>"), "the settings are recorded, redacted: " + record);
    assertTrue(Files.readString(work.resolve("r.html")).contains("disk"), "the report was written");
    List<Path> files;
    try (Stream<Path> s = Files.walk(work)) {
      files = s.filter(Files::isRegularFile).toList();
    }
    for (String secret : secrets) {
      assertFalse(streams.toString().contains(secret), secret + " printed:\n" + streams);
      for (Path f : files) {
        String text = new String(Files.readAllBytes(f), StandardCharsets.ISO_8859_1);
        assertFalse(text.contains(secret), secret + " written to " + f);
      }
    }
  }

  /** Runs bench in a child process in {@code dir}; returns what it printed. */
  private static String bench(Path dir, int expectedExit, List<String> args) throws Exception {
    Path log = Files.createTempFile(dir.getParent(), "bench", ".log");
    Process p = BenchProcess.start(dir, null, log, args);
    assertTrue(p.waitFor(3, TimeUnit.MINUTES), "bench " + args + " ends");
    String printed = Files.readString(log);
    assertEquals(expectedExit, p.exitValue(), "bench " + args + ":\n" + printed);
    return printed;
  }
}
