package io.hbench.hive;

import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.ArrayList;
import java.util.List;
import io.hbench.core.RunContext;

/**
 * Queries an engine version is known to answer wrong, each with the setting that makes it answer
 * right: the catalogue {@code known-defects.tsv} beside this class (data, one line a defect). By
 * default a query with a known defect on the engine in use runs with its workaround set for that
 * query's session only, and the record and the report say so; {@code --as-shipped} runs it as
 * the engine ships, and a wrong answer there is named as the defect it matches. A defect is
 * never a reason to pass a wrong answer: with or without the workaround, the answer is checked.
 */
final class KnownDefects {

  /**
   * One known defect.
   *
   * @param engine the engine ({@code hive})
   * @param versions the versions it affects, as prefixes ({@code 4.0}: 4.0.0, 4.0.1, ...)
   * @param suite the suite whose query it is ({@code tpcds})
   * @param query the query ({@code q27})
   * @param issue the engine's issue ({@code HIVE-27076})
   * @param workaround the setting that avoids it, {@code KEY=VALUE}
   * @param symptom what goes wrong, in a sentence
   */
  record Defect(String engine, List<String> versions, String suite, String query, String issue,
      String workaround, String symptom) {

    /** Whether {@code version} of the engine has this defect. */
    boolean affects(String version) {
      return version != null && versions.stream().anyMatch(v -> version.equals(v)
          || version.startsWith(v + ".") || version.startsWith(v + "-"));
    }

    String key() {
      return workaround.substring(0, workaround.indexOf('='));
    }

    String value() {
      return workaround.substring(workaround.indexOf('=') + 1);
    }

    /** {@code Hive defect HIVE-27076}. */
    String named() {
      return Character.toUpperCase(engine.charAt(0)) + engine.substring(1) + " defect " + issue;
    }
  }

  /**
   * The catalogue as one point of a suite uses it: the engine's version read from the server,
   * whether queries run as shipped, and the workarounds applied, recorded with the point ({@code
   * params.workarounds}: query to {@code ISSUE: KEY=VALUE}).
   */
  static final class InUse {
    private final RunContext ctx;
    private final String engine;
    private final String version;
    private final String suite;
    private final boolean asShipped;
    private final java.util.Map<String, String> applied = new java.util.TreeMap<>(
        java.util.Comparator.comparingInt(q -> Integer.parseInt(q.replaceAll("\\D", ""))));

    InUse(RunContext ctx, java.sql.Connection c, String engine, String suite, boolean asShipped)
        throws java.sql.SQLException {
      this.ctx = ctx;
      this.engine = engine;
      this.version = c.getMetaData().getDatabaseProductVersion();
      this.suite = suite;
      this.asShipped = asShipped;
      if (asShipped) {
        ctx.param(AS_SHIPPED, true);
      }
    }

    boolean asShipped() {
      return asShipped;
    }

    /** The defect {@code query} has on this engine, or null. */
    Defect defect(String query) {
      return of(engine, version, suite, query);
    }

    /** {@code query} ran with {@code d}'s workaround (from any stream's thread). */
    synchronized void applied(String query, Defect d) {
      applied.put(query, d.issue() + ": " + d.workaround());
      ctx.param(TpchFields.WORKAROUNDS, new java.util.LinkedHashMap<>(applied));
    }
  }

  /** Recorded true when the queries ran with no workaround ({@code --as-shipped}). */
  static final io.hbench.core.result.Field<Boolean> AS_SHIPPED =
      io.hbench.core.result.Field.of("as_shipped", Boolean.class);

  /** The catalogue. */
  static final List<Defect> ALL = load();

  private KnownDefects() {}

  /** The defect {@code query} of {@code suite} has on {@code engine} {@code version}, or null. */
  static Defect of(String engine, String version, String suite, String query) {
    for (Defect d : ALL) {
      if (d.engine().equals(engine) && d.suite().equals(suite) && d.query().equals(query)
          && d.affects(version)) {
        return d;
      }
    }
    return null;
  }

  private static List<Defect> load() {
    try (InputStream in = KnownDefects.class.getResourceAsStream("known-defects.tsv")) {
      if (in == null) {
        throw new IllegalStateException("known-defects.tsv is missing beside KnownDefects");
      }
      List<Defect> out = new ArrayList<>();
      for (String line : new String(in.readAllBytes(), StandardCharsets.UTF_8).split("\n")) {
        if (line.isBlank() || line.startsWith("#")) {
          continue;
        }
        String[] f = line.split("\t");
        if (f.length != 7 || !f[5].contains("=")) {
          throw new IllegalStateException("known-defects.tsv: not a defect: " + line);
        }
        out.add(new Defect(f[0], List.of(f[1].split(",")), f[2], f[3], f[4], f[5], f[6]));
      }
      return List.copyOf(out);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }
}
