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
    int at = line.indexOf("allowed=");
    if (at < 23) {
      return null;
    }
    long millis;
    try {
      millis = LocalDateTime.parse(line.substring(0, 23), TIME).toInstant(ZoneOffset.UTC)
          .toEpochMilli();
    } catch (DateTimeParseException e) {
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
    return new AuditCommand(millis, Boolean.parseBoolean(allowed), user(ugi),
        ip.startsWith("/") ? ip.substring(1) : ip, cmd, nullable(src), nullable(dst),
        nullable(perm), proto);
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
