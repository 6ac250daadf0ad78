package io.hbench.hive;

import static io.hbench.hive.HiveOptions.ENGINE;
import static io.hbench.hive.HiveOptions.JDBC_URL;
import static io.hbench.hive.HiveOptions.JOBS;
import static io.hbench.hive.HiveOptions.PASSWORD;
import static io.hbench.hive.HiveOptions.SET;
import static io.hbench.hive.HiveOptions.USER;

import io.hbench.core.OptionValues;
import io.hbench.core.RunContext;
import io.hbench.core.cluster.Needs;
import io.hbench.core.error.InvalidInputException;
import java.sql.Connection;
import java.sql.SQLException;
import java.sql.Statement;
import java.util.LinkedHashMap;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;

/**
 * A decision-support suite's sessions on HiveServer2 ({@link HiveOptions}): the service it
 * needs, its connections, and the settings applied to each before any clock starts.
 */
final class HiveSessions {

  private HiveSessions() {}

  /** Jobs for the generation, and the {@code hive} service: configured by the options or embedded. */
  static Needs needs(OptionValues o) {
    Map<String, String> hive = new LinkedHashMap<>();
    if (o.get(JDBC_URL) != null) {
      hive.put(HiveService.JDBC_URL, o.get(JDBC_URL));
    }
    if (o.get(USER) != null) {
      hive.put(HiveService.USER, o.get(USER));
    }
    if (o.get(PASSWORD) != null) {
      hive.put(HiveService.PASSWORD, o.get(PASSWORD));
    }
    return Needs.jobs().and("hive", hive);
  }

  /** Refuses options no Hive could take: Tez on the embedded server, a password without a URL. */
  static void checkOptions(OptionValues o) {
    if (o.get(ENGINE).equals("tez") && o.get(JDBC_URL) == null) {
      // Its server would answer every statement with "Error running query" and nothing more.
      throw new InvalidInputException("--engine tez: the embedded HiveServer2 has no Tez; give"
          + " the HiveServer2 of a cluster with Tez with --jdbc-url");
    }
    if (o.get(PASSWORD) != null && o.get(JDBC_URL) == null) {
      throw new InvalidInputException("--password needs --jdbc-url (the embedded HiveServer2 takes none)");
    }
  }

  static Connection connect(OptionValues o, Configuration conf) throws SQLException {
    String url = o.get(JDBC_URL) != null ? o.get(JDBC_URL) : conf.get(HiveService.JDBC_URL);
    if (url == null) {
      throw new SQLException("no HiveServer2: give --jdbc-url");
    }
    return HiveConnections.open(url, o.get(USER), o.get(PASSWORD));
  }

  /** Hive's own line for an error, the password never in it. */
  static String message(SQLException e, OptionValues o) {
    return HiveConnections.safe(HiveConnections.rootMessage(e), o.get(PASSWORD));
  }

  /**
   * Applies the session's settings before any clock starts: the engine, where jobs run, the
   * suite's own {@code settings}, then {@code --set} (last, so the user's win).
   *
   * @return where jobs run, as the record says it
   */
  static String prepare(Connection c, OptionValues o, Map<String, String> settings)
      throws SQLException {
    boolean embedded = o.get(JDBC_URL) == null;
    String jobs;
    try (Statement s = c.createStatement()) {
      s.execute("SET hive.execution.engine=" + o.get(ENGINE));
      HiveOptions.JobMode mode = o.get(JOBS);
      if (mode == HiveOptions.JobMode.LOCAL || mode == HiveOptions.JobMode.AUTO && embedded) {
        s.execute("SET mapreduce.framework.name=local");
        jobs = "local (in HiveServer2's process)";
      } else if (mode == HiveOptions.JobMode.YARN) {
        s.execute("SET mapreduce.framework.name=yarn");
        jobs = "yarn";
      } else {
        jobs = "the cluster's setting";
      }
      for (Map.Entry<String, String> e : settings.entrySet()) {
        s.execute("SET " + e.getKey() + "=" + e.getValue());
      }
      for (Map.Entry<String, String> e : o.get(SET).entrySet()) {
        s.execute("SET " + e.getKey() + "=" + e.getValue());
      }
    }
    return jobs;
  }

  /** Records the session's settings as the run's own are: secrets and URLs' credentials never. */
  static void recordSettings(RunContext ctx, OptionValues o) {
    o.get(SET).forEach((k, v) -> ctx.param("set." + k,
        io.hbench.core.result.SecretRedactor.redact(k, v)));
  }

  static void closeQuietly(Connection c) {
    try {
      c.close();
    } catch (SQLException e) {
      // Closing after the measurement; nothing to record.
    }
  }
}
