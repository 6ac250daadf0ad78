package io.hbench.hdfs.replay;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.util.HashMap;
import java.util.Map;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * Makes a trace fit to leave the company: every path component, user and group, and client
 * address replaced by a hash keyed with a secret (HMAC-SHA256), so nobody without the key can
 * tell names or test a guess, while depth and sharing stay: the same name gives the same
 * replacement everywhere, so {@code /a/b} and {@code /a/c} still share their parent, and a user's
 * commands stay that user's. The same key gives the same trace. Permission bits, times and
 * commands are kept.
 */
final class TraceAnonymizer {

  private final Mac mac;
  private final Map<String, String> names = new HashMap<>();

  TraceAnonymizer(String key) {
    try {
      mac = Mac.getInstance("HmacSHA256");
      mac.init(new SecretKeySpec(key.getBytes(StandardCharsets.UTF_8), "HmacSHA256"));
    } catch (GeneralSecurityException e) {
      throw new IllegalStateException("HmacSHA256 is part of every Java runtime", e);
    }
  }

  AuditCommand anonymize(AuditCommand c) {
    String perm = c.perm();
    if (perm != null) {
      String[] p = perm.split(":", 3);
      perm = p.length == 3 ? name("u", p[0]) + ":" + name("g", p[1]) + ":" + p[2] : null;
    }
    return new AuditCommand(c.millis(), c.allowed(), name("u", c.user()), address(c.ip()),
        c.cmd(), c.cmd().equals("concat") ? sources(c.src()) : path(c.src()), path(c.dst()), perm,
        c.proto());
  }

  /** {@code /a/b/c} as {@code /x/y/z}, each component by the keyed hash; null stays null. */
  String path(String path) {
    if (path == null || path.isEmpty()) {
      return path;
    }
    String[] parts = path.split("/", -1);
    for (int i = 0; i < parts.length; i++) {
      if (!parts[i].isEmpty()) {
        parts[i] = name("p", parts[i]);
      }
    }
    return String.join("/", parts);
  }

  private String sources(String list) {
    String inner = list.startsWith("[") && list.endsWith("]")
        ? list.substring(1, list.length() - 1) : list;
    StringBuilder out = new StringBuilder("[");
    for (String s : inner.split(", ")) {
      out.append(out.length() > 1 ? ", " : "").append(path(s));
    }
    return out.append(']').toString();
  }

  /** An address as a 10.x.y.z of its own: a client stays one client. */
  private String address(String ip) {
    byte[] h = hash("ip", ip);
    return "10." + (h[0] & 0xff) + "." + (h[1] & 0xff) + "." + (h[2] & 0xff);
  }

  private String name(String kind, String name) {
    return names.computeIfAbsent(kind + "\u0000" + name, k -> {
      byte[] h = hash(kind, name);
      StringBuilder s = new StringBuilder(kind);
      for (int i = 0; i < 6; i++) {
        s.append(Character.forDigit((h[i] >> 4) & 0xf, 16)).append(Character.forDigit(h[i] & 0xf, 16));
      }
      return s.toString();
    });
  }

  private byte[] hash(String kind, String name) {
    mac.reset();
    mac.update(kind.getBytes(StandardCharsets.UTF_8));
    mac.update((byte) 0);
    return mac.doFinal(name.getBytes(StandardCharsets.UTF_8));
  }
}
