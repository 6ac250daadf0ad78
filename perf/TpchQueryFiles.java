import java.lang.reflect.Method;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Writes the 22 TPC-H queries as {@code bench tpch} runs them at a scale (the spec's validation
 * values; Q11's fraction at SF 0.01 as the answer files have it) to {@code DIR/qN.sql}, each
 * after the lines of PRELUDE, for Beeline in perf/tpch-parity.sh. Run with the standalone jar on
 * the class path: {@code java -cp bench-standalone.jar perf/TpchQueryFiles.java 0.01 DIR PRELUDE}.
 * It calls hbench's own query code (package-private, hence reflection), so both sides run the
 * same text.
 */
public class TpchQueryFiles {
  @SuppressWarnings("unchecked")
  public static void main(String[] args) throws Exception {
    double scale = Double.parseDouble(args[0]);
    Path dir = Files.createDirectories(Path.of(args[1]));
    String prelude = args.length > 2 ? Files.readString(Path.of(args[2])) : "";
    Class<?> queries = Class.forName("io.hbench.hive.TpchQueries");
    Method parameters = queries.getDeclaredMethod("validationParameters", int.class, double.class);
    Method text = queries.getDeclaredMethod("text", int.class, Map.class);
    parameters.setAccessible(true);
    text.setAccessible(true);
    for (int q = 1; q <= 22; q++) {
      Map<String, String> p = new LinkedHashMap<>((Map<String, String>) parameters.invoke(null, q, scale));
      if (q == 11 && scale == 0.01) {
        p.put("FRACTION", "0.0001");
      }
      Files.writeString(dir.resolve("q" + q + ".sql"), prelude + text.invoke(null, q, p) + ";\n");
    }
  }
}
