package io.hbench.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

class SecretRedactorTest {

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
}
