package io.hbench.hbase;

import io.hbench.core.error.InvalidInputException;
import java.io.IOException;
import java.io.Reader;
import java.io.StringReader;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import java.util.TreeSet;

/**
 * A YCSB core workload: the properties of YCSB's {@code CoreWorkload}, by its names and with its
 * defaults, read from one of YCSB's workload files A-F (built in, as YCSB ships them) or from a
 * file in YCSB's format, accepted as is.
 *
 * @param records {@code recordcount}: rows the load phase inserts
 * @param operations {@code operationcount}: operations of the run phase
 * @param fields {@code fieldcount}: columns a row has ({@code field0..})
 * @param fieldLength {@code fieldlength}: bytes a field holds (the longest, when not constant)
 * @param minFieldLength {@code minfieldlength}: the shortest, for a uniform field length
 * @param fieldLengthDistribution {@code fieldlengthdistribution}: constant, uniform or zipfian
 * @param readAllFields {@code readallfields}: a read asks for every field, else for one
 * @param writeAllFields {@code writeallfields}: an update writes every field, else one
 * @param read {@code readproportion}
 * @param update {@code updateproportion}
 * @param insert {@code insertproportion}
 * @param scan {@code scanproportion}
 * @param readModifyWrite {@code readmodifywriteproportion}
 * @param requestDistribution {@code requestdistribution}: uniform, zipfian, latest or hotspot
 * @param minScanLength {@code minscanlength}
 * @param maxScanLength {@code maxscanlength}
 * @param scanLengthDistribution {@code scanlengthdistribution}: uniform or zipfian
 * @param orderedInserts {@code insertorder=ordered}: keys are the numbers, not their hashes
 * @param hotspotDataFraction {@code hotspotdatafraction}: the hot set's share of the keys
 * @param hotspotOpnFraction {@code hotspotopnfraction}: the operations' share on the hot set
 * @param zeroPadding {@code zeropadding}: digits a key's number is padded to
 * @param insertStart {@code insertstart}: the load's first key number
 * @param table {@code table}: the table's name
 */
record YcsbWorkload(long records, long operations, int fields, int fieldLength,
    int minFieldLength, String fieldLengthDistribution, boolean readAllFields,
    boolean writeAllFields, double read, double update, double insert, double scan,
    double readModifyWrite, String requestDistribution, int minScanLength, int maxScanLength,
    String scanLengthDistribution, boolean orderedInserts, double hotspotDataFraction,
    double hotspotOpnFraction, int zeroPadding, long insertStart, String table) {

  /**
   * YCSB's workload files A-F (its {@code workloads/workloada} ...), their settings as YCSB
   * ships them.
   */
  static final Map<String, String> PRESETS = Map.of(
      "a", preset("update heavy: 50% reads, 50% updates, zipfian",
          "readproportion=0.5", "updateproportion=0.5", "scanproportion=0",
          "insertproportion=0", "requestdistribution=zipfian"),
      "b", preset("read mostly: 95% reads, 5% updates, zipfian",
          "readproportion=0.95", "updateproportion=0.05", "scanproportion=0",
          "insertproportion=0", "requestdistribution=zipfian"),
      "c", preset("read only: 100% reads, zipfian",
          "readproportion=1", "updateproportion=0", "scanproportion=0",
          "insertproportion=0", "requestdistribution=zipfian"),
      "d", preset("read latest: 95% reads, 5% inserts, the newest rows the most read",
          "readproportion=0.95", "updateproportion=0", "scanproportion=0",
          "insertproportion=0.05", "requestdistribution=latest"),
      "e", preset("short ranges: 95% scans of up to 100 rows, 5% inserts, zipfian",
          "readproportion=0", "updateproportion=0", "scanproportion=0.95",
          "insertproportion=0.05", "requestdistribution=zipfian", "maxscanlength=100",
          "scanlengthdistribution=uniform"),
      "f", preset("read-modify-write: 50% reads, 50% read-modify-writes, zipfian",
          "readproportion=0.5", "updateproportion=0", "scanproportion=0",
          "insertproportion=0", "readmodifywriteproportion=0.5",
          "requestdistribution=zipfian"));

  private static String preset(String title, String... settings) {
    return "# " + title + "\nrecordcount=1000\noperationcount=1000\n"
        + "workload=site.ycsb.workloads.CoreWorkload\nreadallfields=true\n"
        + String.join("\n", settings) + "\n";
  }

  /** The properties of CoreWorkload hbench reads, with YCSB's defaults. */
  private static final Map<String, String> DEFAULTS = Map.ofEntries(
      Map.entry("recordcount", "0"), Map.entry("operationcount", "0"),
      Map.entry("fieldcount", "10"), Map.entry("fieldlength", "100"),
      Map.entry("minfieldlength", "1"), Map.entry("fieldlengthdistribution", "constant"),
      Map.entry("readallfields", "true"), Map.entry("writeallfields", "false"),
      Map.entry("readproportion", "0.95"), Map.entry("updateproportion", "0.05"),
      Map.entry("insertproportion", "0"), Map.entry("scanproportion", "0"),
      Map.entry("readmodifywriteproportion", "0"), Map.entry("requestdistribution", "uniform"),
      Map.entry("minscanlength", "1"), Map.entry("maxscanlength", "1000"),
      Map.entry("scanlengthdistribution", "uniform"), Map.entry("insertorder", "hashed"),
      Map.entry("hotspotdatafraction", "0.2"), Map.entry("hotspotopnfraction", "0.8"),
      Map.entry("zeropadding", "1"), Map.entry("insertstart", "0"),
      Map.entry("table", "usertable"));

  /**
   * YCSB's own settings that say nothing hbench does differently: the workload class (the core
   * workload is the only one), its Client's measurement and thread settings (hbench's options
   * and histograms), and {@code dataintegrity} (hbench checks every value it reads).
   */
  private static final Set<String> UNUSED = Set.of("workload", "dataintegrity", "measurementtype",
      "histogram.buckets", "hdrhistogram.percentiles", "measurement.interval", "threadcount",
      "exporter", "status.interval", "maxexecutiontime", "db", "columnfamily",
      "readallfieldsbyname", "fieldnameprefix", "core_workload_insertion_retry_limit",
      "core_workload_insertion_retry_interval");

  /** A workload read from {@code text} (a YCSB workload file), and the keys it did not know. */
  record Read(YcsbWorkload workload, List<String> unknown, List<String> unused) {}

  /** The built-in workload {@code letter} (a to f). */
  static YcsbWorkload preset(String letter) {
    String text = PRESETS.get(letter.toLowerCase(Locale.ROOT));
    if (text == null) {
      throw new InvalidInputException("--workload: no workload '" + letter
          + "' (a, b, c, d, e, f, or a YCSB workload file)");
    }
    return read(letter, new StringReader(text)).workload();
  }

  /**
   * The workload a YCSB-format properties text holds ({@code source} names it in errors): its
   * keys over YCSB's defaults.
   *
   * @throws InvalidInputException for a value YCSB would refuse or misread: a count below 0, a
   *     proportion outside 0..1 or all of them 0, a distribution hbench does not draw
   */
  static Read read(String source, Reader text) {
    Properties p = new Properties();
    try {
      p.load(text);
    } catch (IOException | IllegalArgumentException e) {
      throw new InvalidInputException(source + ": not a properties file: " + e.getMessage());
    }
    Set<String> unknown = new TreeSet<>();
    Set<String> unused = new TreeSet<>();
    for (String key : p.stringPropertyNames()) {
      if (UNUSED.contains(key)) {
        unused.add(key);
      } else if (!DEFAULTS.containsKey(key) && !key.equals("insertcount")) {
        unknown.add(key);
      }
    }
    Values v = new Values(source, p);
    long records = v.count("recordcount");
    long insertStart = v.count("insertstart");
    YcsbWorkload w = new YcsbWorkload(records, v.count("operationcount"),
        v.positive("fieldcount"), v.positive("fieldlength"), v.positive("minfieldlength"),
        v.oneOf("fieldlengthdistribution", "constant", "uniform", "zipfian"),
        v.bool("readallfields"), v.bool("writeallfields"), v.share("readproportion"),
        v.share("updateproportion"), v.share("insertproportion"), v.share("scanproportion"),
        v.share("readmodifywriteproportion"),
        v.oneOf("requestdistribution", "uniform", "zipfian", "latest", "hotspot"),
        v.positive("minscanlength"), v.positive("maxscanlength"),
        v.oneOf("scanlengthdistribution", "uniform", "zipfian"),
        v.oneOf("insertorder", "hashed", "ordered").equals("ordered"),
        v.share("hotspotdatafraction"), v.share("hotspotopnfraction"),
        v.positive("zeropadding"), insertStart, v.text("table"));
    if (w.read + w.update + w.insert + w.scan + w.readModifyWrite <= 0) {
      throw new InvalidInputException(source + ": every operation's proportion is 0");
    }
    if (w.minScanLength > w.maxScanLength) {
      throw new InvalidInputException(source + ": minscanlength " + w.minScanLength
          + " is above maxscanlength " + w.maxScanLength);
    }
    if (w.minFieldLength > w.fieldLength) {
      throw new InvalidInputException(source + ": minfieldlength " + w.minFieldLength
          + " is above fieldlength " + w.fieldLength);
    }
    if (p.containsKey("insertcount") && v.count("insertcount") != records - insertStart) {
      // One client's share of a load split by hand over machines: hbench splits it itself.
      throw new InvalidInputException(source + ": insertcount is not offered: hbench splits the"
          + " load over its clients and --maps itself (recordcount " + records + ")");
    }
    return new Read(w, List.copyOf(unknown), List.copyOf(unused));
  }

  /** The values of {@code p} over YCSB's defaults, each checked as it is read. */
  private record Values(String source, Properties p) {

    String text(String key) {
      return p.getProperty(key, DEFAULTS.get(key)).trim();
    }

    private InvalidInputException bad(String key, String wanted) {
      return new InvalidInputException(source + ": " + key + "=" + text(key) + ": " + wanted);
    }

    long count(String key) {
      return whole(key, 0, Long.MAX_VALUE, "a count of 0 or more");
    }

    int positive(String key) {
      return (int) whole(key, 1, Integer.MAX_VALUE, "a whole number above 0");
    }

    private long whole(String key, long min, long max, String wanted) {
      try {
        long n = Long.parseLong(text(key));
        if (n >= min && n <= max) {
          return n;
        }
      } catch (NumberFormatException e) {
        // said below
      }
      throw bad(key, wanted);
    }

    double share(String key) {
      try {
        double d = Double.parseDouble(text(key));
        if (d >= 0 && d <= 1) {
          return d;
        }
      } catch (NumberFormatException e) {
        // said below
      }
      throw bad(key, "a proportion from 0 to 1");
    }

    boolean bool(String key) {
      String t = text(key).toLowerCase(Locale.ROOT);
      if (t.equals("true") || t.equals("false")) {
        return t.equals("true");
      }
      throw bad(key, "true or false");
    }

    String oneOf(String key, String... allowed) {
      String t = text(key).toLowerCase(Locale.ROOT);
      for (String a : allowed) {
        if (a.equals(t)) {
          return a;
        }
      }
      throw bad(key, "one of " + String.join(", ", allowed));
    }
  }

  /**
   * Every property of this workload by YCSB's name, defaults included: what the record says was
   * run, and what a map task reads the workload back from ({@link #of}).
   */
  Map<String, String> properties() {
    Map<String, String> m = new java.util.TreeMap<>();
    m.put("recordcount", Long.toString(records));
    m.put("operationcount", Long.toString(operations));
    m.put("fieldcount", Integer.toString(fields));
    m.put("fieldlength", Integer.toString(fieldLength));
    m.put("minfieldlength", Integer.toString(minFieldLength));
    m.put("fieldlengthdistribution", fieldLengthDistribution);
    m.put("readallfields", Boolean.toString(readAllFields));
    m.put("writeallfields", Boolean.toString(writeAllFields));
    m.put("readproportion", Double.toString(read));
    m.put("updateproportion", Double.toString(update));
    m.put("insertproportion", Double.toString(insert));
    m.put("scanproportion", Double.toString(scan));
    m.put("readmodifywriteproportion", Double.toString(readModifyWrite));
    m.put("requestdistribution", requestDistribution);
    m.put("minscanlength", Integer.toString(minScanLength));
    m.put("maxscanlength", Integer.toString(maxScanLength));
    m.put("scanlengthdistribution", scanLengthDistribution);
    m.put("insertorder", orderedInserts ? "ordered" : "hashed");
    m.put("hotspotdatafraction", Double.toString(hotspotDataFraction));
    m.put("hotspotopnfraction", Double.toString(hotspotOpnFraction));
    m.put("zeropadding", Integer.toString(zeroPadding));
    m.put("insertstart", Long.toString(insertStart));
    m.put("table", table);
    return m;
  }

  /** The workload {@link #properties} gave. */
  static YcsbWorkload of(Map<String, String> properties) {
    StringBuilder text = new StringBuilder();
    properties.forEach((k, v) -> text.append(k).append('=').append(v).append('\n'));
    return read("the recorded workload", new StringReader(text.toString())).workload();
  }

  /** The operations' names and their proportions, those above 0, in YCSB's order. */
  List<Map.Entry<String, Double>> mix() {
    List<Map.Entry<String, Double>> out = new ArrayList<>();
    for (Map.Entry<String, Double> e : List.of(Map.entry("read", read),
        Map.entry("update", update), Map.entry("insert", insert), Map.entry("scan", scan),
        Map.entry("read_modify_write", readModifyWrite))) {
      if (e.getValue() > 0) {
        out.add(e);
      }
    }
    return out;
  }
}
