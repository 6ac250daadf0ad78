package io.hbench.core.daemons;

import io.hbench.core.annotation.Internal;
import io.hbench.core.cluster.Daemon.Role;
import io.hbench.core.cluster.Daemon;
import io.hbench.core.cluster.JmxReader;
import io.hbench.core.result.ServerFingerprint;
import io.hbench.thirdparty.jackson.databind.JsonNode;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import java.io.IOException;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;

/**
 * Reads what each daemon is ({@link ServerFingerprint}) from its own web server: its settings
 * from {@code /conf}, its JVM and host from the {@code java.lang} beans of its {@code /jmx}, its
 * version and a datanode's volumes from its info bean, and datanodes' racks from the NameNode's.
 * A daemon that refuses or does not answer is recorded as unavailable, with what else it gave.
 *
 * @param servers one per daemon, in the daemons' order
 * @param configs each distinct set of recorded settings, by its key
 * @param jvms which JVM each daemon runs in ({@code pid@host}, its runtime's name) by {@code
 *     "<role> <node>"}, where it said; not recorded (a pid says nothing of a cluster), but used
 *     to read a JVM that several daemons share once per sample
 */
@Internal
public record ServerFingerprints(List<ServerFingerprint> servers,
    Map<String, Map<String, String>> configs, Map<String, String> jvms) {

  /** None: without {@code --metrics}, or no daemon found. */
  public static final ServerFingerprints NONE =
      new ServerFingerprints(List.of(), Map.of(), Map.of());

  /** The JVM {@code d} runs in, or null when it did not say. */
  public String jvmOf(Daemon d) {
    return jvms.get(d.role().label() + " " + d.node());
  }

  private static final ObjectMapper JSON = new ObjectMapper();

  /** At most this many daemons are read at once. */
  private static final int READERS = 8;

  /** Reads every daemon of {@code all} (but volumes), several at once. */
  public static ServerFingerprints read(List<Daemon> all) throws InterruptedException {
    // A datanode's volumes are described with it.
    List<Daemon> daemons = all.stream().filter(d -> d.role() != Role.DATANODE_VOLUME).toList();
    if (daemons.isEmpty()) {
      return NONE;
    }
    ExecutorService pool = Executors.newFixedThreadPool(Math.min(READERS, daemons.size()), r -> {
      Thread t = new Thread(r, "hbench-fingerprint");
      t.setDaemon(true);
      return t;
    });
    try {
      List<Future<Read>> reads = new ArrayList<>();
      for (Daemon d : daemons) {
        reads.add(pool.submit(() -> read(d)));
      }
      Map<String, String> racks = new HashMap<>();
      List<Read> done = new ArrayList<>();
      for (int i = 0; i < reads.size(); i++) {
        Read r;
        try {
          r = reads.get(i).get();
        } catch (java.util.concurrent.ExecutionException e) {
          // Never the point's failure: the daemon is recorded as not described.
          Daemon d = daemons.get(i);
          r = new Read(new ServerFingerprint(d.role().label(), d.node(), "not read: "
              + e.getCause(), null, null, null, null, null, null, null, null, null), null, Map.of(),
              null);
        }
        done.add(r);
        racks.putAll(r.racks);
      }
      List<ServerFingerprint> servers = new ArrayList<>();
      Map<String, Map<String, String>> configs = new LinkedHashMap<>();
      Map<String, String> jvms = new HashMap<>();
      for (Read r : done) {
        if (r.jvm != null) {
          jvms.put(r.fingerprint.role() + " " + r.fingerprint.node(), r.jvm);
        }
        ServerFingerprint s = r.fingerprint;
        if (r.settings != null) {
          configs.putIfAbsent(s.config(), r.settings);
        }
        if (s.role().equals(Role.DATANODE.label()) && racks.containsKey(s.node())) {
          s = new ServerFingerprint(s.role(), s.node(), s.unavailable(), s.version(), s.jvm(),
              s.jvmArgs(), s.cores(), s.memoryBytes(), s.os(), racks.get(s.node()), s.volumes(),
              s.config());
        }
        servers.add(s);
      }
      return new ServerFingerprints(List.copyOf(servers), configs, jvms);
    } finally {
      pool.shutdownNow();
    }
  }

  /** One daemon's fingerprint, its settings, and the racks a NameNode places datanodes on. */
  private record Read(ServerFingerprint fingerprint, Map<String, String> settings,
      Map<String, String> racks, String jvm) {}

  private static Read read(Daemon d) throws InterruptedException {
    String unavailable = null;
    Map<String, String> settings = null;
    try {
      Map<String, String> set = new LinkedHashMap<>();
      org.apache.hadoop.conf.Configuration conf = JmxReader.conf(d.http());
      for (Map.Entry<String, String> p : conf) {
        if (!ServerSettings.isDefault(source(conf, p.getKey()))) {
          set.put(p.getKey(), p.getValue() == null ? "" : p.getValue());
        }
      }
      settings = ServerSettings.recorded(set);
    } catch (IOException | RuntimeException e) {
      unavailable = "its /conf: " + (e.getMessage() == null ? e.toString() : e.getMessage());
    }
    Map<String, JsonNode> beans = new HashMap<>();
    List<String> queries = new ArrayList<>(List.of("java.lang:type=Runtime",
        "java.lang:type=OperatingSystem"));
    if (infoBeans(d.role()) != null) {
      queries.add(infoBeans(d.role()));
    }
    for (String q : queries) {
      try {
        beans.putAll(JmxReader.read(d.http(), q));
      } catch (IOException | RuntimeException e) {
        // What it gave is kept; a refused /conf is what the record names.
      }
    }
    JsonNode runtime = beans.get("java.lang:type=Runtime");
    JsonNode os = beans.get("java.lang:type=OperatingSystem");
    String jvm = runtime == null ? null
        : text(runtime, "VmVersion") + " (" + text(runtime, "VmVendor") + ")";
    List<String> args = null;
    if (runtime != null && runtime.path("InputArguments").isArray()) {
      args = new ArrayList<>();
      for (JsonNode a : runtime.path("InputArguments")) {
        // -X only: -D system properties may name paths and carry secrets.
        if (a.asText().startsWith("-X")) {
          args.add(a.asText());
        }
      }
    }
    Integer cores = os == null || !os.path("AvailableProcessors").isNumber() ? null
        : os.path("AvailableProcessors").asInt();
    Long memory = os == null ? null : number(os, "TotalMemorySize", "TotalPhysicalMemorySize");
    String osName = os == null ? null
        : text(os, "Name") + " " + text(os, "Version") + " " + text(os, "Arch");
    JsonNode info = info(d, beans);
    String version = info == null ? null : info.path("SoftwareVersion").asText(null);
    List<ServerFingerprint.Volume> volumes = d.role() == Role.DATANODE && info != null
        ? volumes(info.path("VolumeInfo").asText("{}")) : null;
    Map<String, String> racks = d.role() == Role.NAMENODE && info != null
        ? racks(info.path("LiveNodes").asText("{}")) : Map.of();
    return new Read(new ServerFingerprint(d.role().label(), d.node(), unavailable, version, jvm,
        args, cores, memory, osName, null, volumes,
        settings == null ? null : ServerSettings.key(settings)), settings, racks,
        runtime == null ? null : runtime.path("Name").asText(null));
  }

  /**
   * Where the daemon's setting {@code key} came from, as its {@code /conf} said ({@code
   * hdfs-default.xml}, {@code hdfs-site.xml}, {@code programmatically}): the last source it
   * names, the resource it was read under left aside.
   */
  private static String source(org.apache.hadoop.conf.Configuration conf, String key) {
    String[] sources = conf.getPropertySources(key);
    if (sources == null) {
      return null;
    }
    for (int i = sources.length - 1; i >= 0; i--) {
      if (!JmxReader.CONF_RESOURCE.equals(sources[i])) {
        return sources[i];
      }
    }
    return null;
  }

  /** The bean with a daemon's version (and a datanode's volumes, a NameNode's datanodes). */
  private static String infoBeans(Role role) {
    return switch (role) {
      case NAMENODE -> "Hadoop:service=NameNode,name=NameNodeInfo";
      // Several datanodes in one JVM (the embedded cluster) register DataNodeInfo-1, -2 ...
      case DATANODE -> ClusterDaemons.DATANODE_INFO;
      default -> null;
    };
  }

  private static JsonNode info(Daemon d, Map<String, JsonNode> beans) {
    if (d.role() == Role.NAMENODE) {
      return beans.get("Hadoop:service=NameNode,name=NameNodeInfo");
    }
    if (d.role() == Role.DATANODE) {
      return ClusterDaemons.dataNodeInfo(d, beans);
    }
    return null;
  }

  private static List<ServerFingerprint.Volume> volumes(String volumeInfo) {
    List<ServerFingerprint.Volume> out = new ArrayList<>();
    try {
      JSON.readTree(volumeInfo).fields().forEachRemaining(e -> {
        JsonNode v = e.getValue();
        long capacity = v.path("usedSpace").asLong() + v.path("freeSpace").asLong()
            + v.path("reservedSpace").asLong();
        out.add(new ServerFingerprint.Volume(e.getKey(), v.path("storageType").asText(null),
            capacity));
      });
    } catch (IOException e) {
      return null;
    }
    out.sort(java.util.Comparator.comparing(ServerFingerprint.Volume::path));
    return out;
  }

  /** Each live datanode's network location, by its transfer address. */
  private static Map<String, String> racks(String liveNodes) {
    Map<String, String> out = new HashMap<>();
    try {
      JSON.readTree(liveNodes).fields().forEachRemaining(e -> {
        String xfer = e.getValue().path("xferaddr").asText("");
        String location = e.getValue().path("location").asText("");
        if (!xfer.isEmpty() && !location.isEmpty()) {
          out.put(xfer, location);
        }
      });
    } catch (IOException e) {
      return Map.of();
    }
    return out;
  }

  private static String text(JsonNode bean, String attribute) {
    return bean.path(attribute).asText("?");
  }

  private static Long number(JsonNode bean, String... attributes) {
    for (String a : attributes) {
      if (bean.path(a).isNumber()) {
        return bean.path(a).asLong();
      }
    }
    return null;
  }
}
