package io.hbench.hdfs.replay;

import java.time.LocalDateTime;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.util.Locale;

/**
 * One line of a NameNode's audit log, as its default audit logger writes it after log4j's
 * {@code %d{ISO8601} %p %c{2}: } prefix:
 *
 * <pre>
 * 2026-11-27 10:00:00,123 INFO FSNamesystem.audit: allowed=true	ugi=alice (auth:SIMPLE)	ip=/10.0.0.7	cmd=open	src=/data/a	dst=null	perm=null	proto=rpc
 * </pre>
 *
 * The time is read as written (the log's own zone does not matter: a replay uses differences).
 *
 * @param millis the line's time, ms, in the log's own clock
 * @param allowed whether the NameNode allowed the call
 * @param user the user the call was made as: the short name before {@code " ("}, the proxied
 *     user of {@code "alice (auth:PROXY) via hive (auth:KERBEROS)"}
 * @param ip the client's address, without the leading {@code /}
 * @param cmd the command ({@code create}, {@code rename (options=[OVERWRITE])})
 * @param src the source path; for concat, the sources as {@code [/a, /b]}
 * @param dst the destination, or null
 * @param perm {@code owner:group:permission} of the result, or null
 * @param proto {@code rpc} or {@code webhdfs}, or null in logs older than Hadoop 2.6
 */
public record AuditCommand(long millis, boolean allowed, String user, String ip, String cmd,
    String src, String dst, String perm, String proto) {

  private static final DateTimeFormatter TIME =
      DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss,SSS", Locale.ROOT);

  /** The line, or null when it is not an audit line. */
  public static AuditCommand parse(String line) {
    return new Reader().parse(line);
  }

  /**
   * Reads the lines of one log: the few users, addresses and commands are kept once, and a
   * second's time is parsed once, since a log holds millions of lines and few distinct values.
   */
  static final class Reader {
    private final java.util.Map<String, String> pool = new java.util.HashMap<>();
    private String second;
    private long secondMillis;

    AuditCommand parse(String line) {
      return parseLine(line, this);
    }

    String shared(String s) {
      if (s == null) {
        return null;
      }
      String kept = pool.putIfAbsent(s, s);
      return kept == null ? s : kept;
    }

    /** The time of {@code 2026-11-27 10:00:00,123}; Long.MIN_VALUE when it is not one. */
    long millis(String line) {
      if (line.length() < 23 || line.charAt(19) != ',') {
        return Long.MIN_VALUE;
      }
      if (second == null || !line.regionMatches(0, second, 0, 19)) {
        try {
          secondMillis = LocalDateTime.parse(line.substring(0, 19) + ",000", TIME)
              .toInstant(ZoneOffset.UTC).toEpochMilli();
        } catch (DateTimeParseException e) {
          return Long.MIN_VALUE;
        }
        second = line.substring(0, 19);
      }
      int ms = 0;
      for (int i = 20; i < 23; i++) {
        char ch = line.charAt(i);
        if (ch < '0' || ch > '9') {
          return Long.MIN_VALUE;
        }
        ms = ms * 10 + (ch - '0');
      }
      return secondMillis + ms;
    }
  }

  private static AuditCommand parseLine(String line, Reader reader) {
    int at = line.indexOf("allowed=");
    if (at < 23) {
      return null;
    }
    long millis = reader.millis(line);
    if (millis == Long.MIN_VALUE) {
      return null;
    }
    String allowed = null;
    String ugi = null;
    String ip = null;
    String cmd = null;
    String src = null;
    String dst = null;
    String perm = null;
    String proto = null;
    for (String field : line.substring(at).split("\t")) {
      int eq = field.indexOf('=');
      if (eq < 0) {
        continue;
      }
      String v = field.substring(eq + 1);
      switch (field.substring(0, eq)) {
        case "allowed" -> allowed = v;
        case "ugi" -> ugi = v;
        case "ip" -> ip = v;
        case "cmd" -> cmd = v;
        case "src" -> src = v;
        case "dst" -> dst = v;
        case "perm" -> perm = v;
        case "proto" -> proto = v;
        default -> { }
      }
    }
    if (allowed == null || ugi == null || ip == null || cmd == null || src == null
        || !("true".equals(allowed) || "false".equals(allowed)) || cmd.isEmpty()) {
      return null;
    }
    return new AuditCommand(millis, Boolean.parseBoolean(allowed), reader.shared(user(ugi)),
        reader.shared(ip.startsWith("/") ? ip.substring(1) : ip), reader.shared(cmd),
        nullable(src), nullable(dst), reader.shared(nullable(perm)), reader.shared(proto));
  }

  /** The user a call ran as, from the audit line's {@code ugi}. */
  static String user(String ugi) {
    int space = ugi.indexOf(' ');
    return space < 0 ? ugi : ugi.substring(0, space);
  }

  private static String nullable(String v) {
    return v == null || "null".equals(v) ? null : v;
  }

  /** This command as the NameNode's default audit logger writes it, with log4j's prefix. */
  public String toLine() {
    return LocalDateTime.ofEpochSecond(Math.floorDiv(millis, 1000),
            (int) Math.floorMod(millis, 1000) * 1_000_000, ZoneOffset.UTC).format(TIME)
        + " INFO FSNamesystem.audit: allowed=" + allowed + "\tugi=" + user + " (auth:SIMPLE)\tip=/"
        + ip + "\tcmd=" + cmd + "\tsrc=" + src + "\tdst=" + dst + "\tperm=" + perm
        + (proto == null ? "" : "\tproto=" + proto);
  }

  /** This command with other paths and user (an anonymized trace). */
  AuditCommand with(String newUser, String newSrc, String newDst, String newPerm) {
    return new AuditCommand(millis, allowed, newUser, ip, cmd, newSrc, newDst, newPerm, proto);
  }
}
