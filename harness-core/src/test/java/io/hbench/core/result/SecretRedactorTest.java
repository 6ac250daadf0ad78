package io.hbench.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SecretRedactorTest {

  /** The copy of Hadoop's list is the list of the Hadoop hbench is built and tested with. */
  @org.junit.jupiter.api.Test
  void hadoopsSensitiveKeysAreThoseOfTheHadoopBuiltWith() {
    assertEquals(org.apache.hadoop.fs.CommonConfigurationKeysPublic
        .HADOOP_SECURITY_SENSITIVE_CONFIG_KEYS_DEFAULT, SecretRedactor.HADOOP_SENSITIVE_KEYS);
  }

  private static boolean hadoopHides(String key) {
    return !"x".equals(new org.apache.hadoop.conf.ConfigRedactor(
        new org.apache.hadoop.conf.Configuration(false)).redact(key, "x"));
  }

  /** Every key Hadoop's own redactor hides, hbench hides: matched as Hadoop matches. */
  @ParameterizedTest
  @ValueSource(
      strings = {
        "fs.s3a.bucket.b.secret.key",
        "fs.s3n.awsSecretKey",
        "fs.s3a.bucket.b.server-side-encryption.key",
        "fs.s3a.encryption.algorithm",
        "fs.azure.account.key.acct.blob.core.windows.net",
        "hive.metastore.username",
        "fs.adl.oauth2.refresh.token",
        "ssl.keystore.pass",
        "hadoop.security.sensitive-config-keys"
      })
  void aKeyHadoopsConfigRedactorHidesIsSecret(String key) {
    assertEquals(true, hadoopHides(key), "Hadoop hides " + key);
    assertEquals(true, SecretRedactor.isSecret(key), key);
  }

  /** And a setting neither hides stays readable. */
  @ParameterizedTest
  @ValueSource(strings = {"dfs.replication", "fs.defaultFS", "yarn.resourcemanager.address"})
  void aSettingNeitherHidesIsNoSecret(String key) {
    assertEquals(false, hadoopHides(key), "Hadoop hides " + key);
    assertEquals(false, SecretRedactor.isSecret(key), key);
  }

  @ParameterizedTest
  @ValueSource(
      strings = {
        "fs.s3a.secret.key",
        "fs.s3a.access.key",
        "fs.azure.account.key.x.accesskey",
        "javax.jdo.option.ConnectionPassword",
        "hadoop.security.credential.provider.path",
        "hbase.auth.token.max.lifetime",
        "AWS_SECRET_KEY",
        "AWS_ACCESS_KEY",
        "my.PASSWORD",
        "ssl.server.keystore.passwd"
      })
  void secretKeysAreRedacted(String key) {
    assertEquals(SecretRedactor.REDACTED, SecretRedactor.redact(key, "s3cr3t"));
  }

  @ParameterizedTest
  @ValueSource(strings = {"fs.defaultFS", "dfs.blocksize", "mapreduce.job.reduces", "sizes", "keep"})
  void ordinaryKeysAreKept(String key) {
    assertEquals("v", SecretRedactor.redact(key, "v"));
  }

  @org.junit.jupiter.api.Test
  void aValueHidesTheSecretsItCarries() {
    assertEquals("a=1,javax.jdo.option.ConnectionPassword=<redacted>,b=2",
        SecretRedactor.redact("set", "a=1,javax.jdo.option.ConnectionPassword=pw,b=2"));
    assertEquals("jdbc:hive2://h:1/db;user=u;password=<redacted>",
        SecretRedactor.redact("jdbc-url", "jdbc:hive2://h:1/db;user=u;password=pw"));
    assertEquals("hdfs://nn:8020/a,b=c", SecretRedactor.redact("dirs", "hdfs://nn:8020/a,b=c"));
  }

  @org.junit.jupiter.api.Test
  void mapKeepsOrderAndKeys() {
    Map<String, String> in = new LinkedHashMap<>();
    in.put("b", "1");
    in.put("fs.s3a.secret.key", "x");
    in.put("a", "2");
    Map<String, String> out = SecretRedactor.redact(in);
    assertEquals("[b, fs.s3a.secret.key, a]", out.keySet().toString());
    assertEquals("<redacted>", out.get("fs.s3a.secret.key"));
    assertEquals("2", out.get("a"));
  }

  @ParameterizedTest
  @org.junit.jupiter.params.provider.CsvSource(
      delimiter = '|',
      value = {
        "s3a://AKIA:s3cr3t@bucket/dir|s3a://<redacted>@bucket/dir",
        "jdbc:mysql://h/db?user=u&password=s3cr3t&ssl=true|jdbc:mysql://h/db?user=u&password=<redacted>&ssl=true",
        "jdbc:hive2://h:10000/default;password=s3cr3t;ssl=true|jdbc:hive2://h:10000/default;password=<redacted>;ssl=true",
        "jdbc:hive2://bob:pw@h:10000/db|jdbc:hive2://<redacted>@h:10000/db",
        "hdfs://127.0.0.1:8020|hdfs://127.0.0.1:8020",
        "http://h/x?token=abc#f|http://h/x?token=<redacted>#f"
      })
  void endpointsLoseTheirCredentials(String uri, String expected) {
    assertEquals(expected, SecretRedactor.redactUri(uri));
  }

  @org.junit.jupiter.api.Test
  void textLosesEverySecretItCarries() {
    assertEquals("key <redacted> in s3a://<redacted>@b/x and ?pwd=<redacted>&a=1",
        SecretRedactor.redactText("key AKIAABCDEFGHIJKLMNOP in s3a://id:sekrit@b/x and ?pwd=hunter22&a=1"));
    // A user alone, an ordinary setting, and ids that only look like keys stay.
    assertEquals("hdfs://alice@nn:8020/x mapreduce.job.reduces=4 AKIA12 XAKIAABCDEFGHIJKLMNOP",
        SecretRedactor.redactText(
            "hdfs://alice@nn:8020/x mapreduce.job.reduces=4 AKIA12 XAKIAABCDEFGHIJKLMNOP"));
  }

  @org.junit.jupiter.api.Test
  void aSecretSeenOnceIsHiddenEverywhereAfter() {
    SecretRedactor.redact("fs.s3a.secret.key", "wJalrXUtnFEMI/K7MDENG");
    assertEquals("403 for secret <redacted>: denied",
        SecretRedactor.redactText("403 for secret wJalrXUtnFEMI/K7MDENG: denied"));
    SecretRedactor.learn("tpch", "--jdbc-url", "jdbc:hive2://h:1/;password=Tr0ub4dor", "--password",
        "correct-horse", "-D", "javax.jdo.option.ConnectionPassword=b4tt3ry", "-Dmy.token=st4pl3s");
    for (String s : new String[] {"Tr0ub4dor", "correct-horse", "b4tt3ry", "st4pl3s"}) {
      assertEquals("x <redacted> y", SecretRedactor.redactText("x " + s + " y"), s);
    }
  }

  @org.junit.jupiter.api.Test
  void numbersAndBooleansUnderSecretKeysAreNotSearchedFor() {
    assertEquals(SecretRedactor.REDACTED, SecretRedactor.redact("dfs.block.access.token.enable", "true"));
    assertEquals(SecretRedactor.REDACTED,
        SecretRedactor.redact("hbase.auth.token.max.lifetime", "604800000"));
    assertEquals("{\"ok\":true,\"n\":604800000}",
        SecretRedactor.redactText("{\"ok\":true,\"n\":604800000}"));
  }

  @org.junit.jupiter.api.Test
  void streamsRedactEachLineAndWhatIsFlushed() throws Exception {
    SecretRedactor.remember("p4ssw0rd-stream");
    java.io.ByteArrayOutputStream bytes = new java.io.ByteArrayOutputStream();
    java.io.PrintStream target = new java.io.PrintStream(bytes, true, "UTF-8");
    java.io.PrintStream s = RedactingStream.wrap(target);
    s.println("a p4ssw0rd-stream b");
    s.print("\rprogress p4ssw0rd-stream");
    s.flush();
    assertEquals("a <redacted> b" + System.lineSeparator() + "\rprogress <redacted>",
        bytes.toString("UTF-8"));
  }

  /** The pattern the parameter redaction was, before it was written out for speed. */
  private static final java.util.regex.Pattern PARAMETER =
      java.util.regex.Pattern.compile("([A-Za-z0-9_.\\-]+)=([^\\s&;,#\"'<>)\\\\]*)");

  @org.junit.jupiter.api.Test
  void parametersAreFoundAsTheirPatternFindsThem() {
    // Random text over the characters that matter: every key=value the pattern finds with a
    // secret-named key is hidden, and nothing else changes.
    java.util.SplittableRandom random = new java.util.SplittableRandom(5);
    String[] pieces = {"a", "Z", "9", "_", ".", "-", "=", " ", "\t", "&", ";", ",", "#", "\"", "'",
        "<", ">", ")", "\\", "/", ":", "token", "password", "secret.key", "x", "<redacted>"};
    for (int n = 0; n < 3000; n++) {
      StringBuilder b = new StringBuilder();
      int len = 1 + random.nextInt(30);
      for (int i = 0; i < len; i++) {
        b.append(pieces[random.nextInt(pieces.length)]);
      }
      String text = b.toString();
      java.util.regex.Matcher m = PARAMETER.matcher(text);
      StringBuilder want = new StringBuilder();
      int last = 0;
      while (m.find()) {
        if (SecretRedactor.isSecret(m.group(1)) && !m.group(2).isEmpty()
            && !m.group(2).equals(SecretRedactor.REDACTED)) {
          want.append(text, last, m.start(2)).append(SecretRedactor.REDACTED);
          last = m.end(2);
        }
      }
      want.append(text, last, text.length());
      assertEquals(want.toString(), SecretRedactor.redactParameters(text, v -> { }), text);
    }
  }

  /** The look-behind pattern URLs' user and password were found by, before it was written out. */
  private static final java.util.regex.Pattern USER_INFO =
      java.util.regex.Pattern.compile("(?<=//)[^/@\\s?#:\"']*:[^/@\\s?#\"']*@");

  @org.junit.jupiter.api.Test
  void userInfoIsFoundAsItsPatternFindsIt() {
    java.util.SplittableRandom random = new java.util.SplittableRandom(9);
    String[] pieces = {"/", "//", "@", ":", "a", "pw", " ", "?", "#", "\"", "'", "\n", "s3a://",
        "x:y@", "é"};
    for (int n = 0; n < 3000; n++) {
      StringBuilder b = new StringBuilder();
      int len = 1 + random.nextInt(20);
      for (int i = 0; i < len; i++) {
        b.append(pieces[random.nextInt(pieces.length)]);
      }
      String text = b.toString();
      assertEquals(USER_INFO.matcher(text).replaceAll(
          java.util.regex.Matcher.quoteReplacement(SecretRedactor.REDACTED + "@")),
          SecretRedactor.redactUserInfo(text), text);
    }
  }
}
