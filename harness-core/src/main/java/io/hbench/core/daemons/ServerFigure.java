package io.hbench.core.daemons;

import io.hbench.core.annotation.Internal;
import io.hbench.core.cluster.Daemon.Role;
import io.hbench.core.cluster.Daemon;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;
import io.hbench.thirdparty.jackson.databind.JsonNode;
import java.util.List;
import java.util.Map;

/**
 * One figure hbench reads from a daemon's beans: which bean and attribute, the name records give
 * it, its unit, and whether it is a counter (the phase's figure is its growth from the phase's
 * start to its end) or a gauge (the phase's figures are the minimum, mean and maximum of its
 * samples). The catalogue {@link #ALL} is what {@code --metrics} records.
 *
 * <p>A bean is named by its {@code name=} part ({@code NameNodeActivity}), which may hold {@code
 * {port}} (the daemon's RPC port) and {@code {node}} (a datanode's host and transfer port, as it
 * names its activity bean): see {@link Daemon}. The figures of every daemon (role null) are its
 * JVM's.
 *
 * @param role the daemon kind whose beans hold it; null for every daemon (the JVM's figures)
 * @param bean the {@code name=} part of the bean's name, with placeholders
 * @param attribute the attribute of the bean; {@code A|B}: A, or B where the bean has no A
 * @param name the figure's name in records, snake_case
 * @param unit its unit (a {@link Metric} unit)
 * @param counter true for a counter, false for a gauge
 * @param better which direction is better for the bottleneck summary
 */
@Internal
public record ServerFigure(Role role, String bean, String attribute, String name, String unit,
    boolean counter, Metric.Better better) {


  private static ServerFigure counter(Role role, String bean, String attribute, String name,
      String unit) {
    return new ServerFigure(role, bean, attribute, name, unit, true, Metric.Better.NONE);
  }

  private static ServerFigure gauge(Role role, String bean, String attribute, String name,
      String unit) {
    return new ServerFigure(role, bean, attribute, name, unit, false, Metric.Better.LOWER);
  }

  /**
   * Two figures of one NameNode RPC method, from {@code RpcDetailedActivityForPort<port>}:
   * its calls ({@code rpc_<method>_calls}) and its mean processing time ({@code
   * rpc_<method>_ms}), Hadoop naming them by the method, capitalized.
   */
  private static ServerFigure[] method(String method) {
    String capital = Character.toUpperCase(method.charAt(0)) + method.substring(1);
    String name = methodFigure(method);
    return new ServerFigure[] {
        counter(Role.NAMENODE, METHODS_BEAN + "{port}", capital + "NumOps", name + "_calls",
            Metric.COUNT),
        gauge(Role.NAMENODE, METHODS_BEAN + "{port}", capital + "AvgTime", name + "_ms", "ms")};
  }

  /** The series of a NameNode's HA state: 1 while it said active, 0 while standby or observer. */
  public static final String HA_ACTIVE = "ha_active";

  /** The NameNode's per-method bean ({@code rpcdetailed}), before its port. */
  static final String METHODS_BEAN = "RpcDetailedActivityForPort";

  /** The name a NameNode method's figures start with: {@code rpc_get_file_info}. */
  static String methodFigure(String method) {
    return "rpc_" + method.replaceAll("([A-Z0-9])", "_$1").toLowerCase(java.util.Locale.ROOT);
  }

  /** This figure's name, unit and direction: a counter's growth over a phase, a gauge's mean. */
  public MetricKey key() {
    return MetricKey.of(name, unit, better);
  }

  /** A gauge's highest sample in a phase: {@code <name>_max}. */
  public MetricKey max() {
    return key().named(name + "_max");
  }

  /** A gauge's lowest sample in a phase: {@code <name>_min}. */
  public MetricKey min() {
    return key().named(name + "_min");
  }

  /** Whether this is a time the NameNode's RPC metrics publish in {@code rpc.metrics.timeunit}. */
  public boolean rpcTime() {
    return !counter && bean.startsWith("Rpc") && bean.contains("ActivityForPort");
  }

  /**
   * Whether this counts one NameNode method's calls or a volume's I/O: left out of a phase that
   * made none (there are many such, and a volume's stay 0 while its datanode does not profile).
   */
  public boolean methodCalls() {
    return counter && (bean.startsWith("RpcDetailedActivityForPort") || role == Role.DATANODE_VOLUME);
  }

  /** Milliseconds, as Hadoop's rates publish their mean times unless named Nanos. */
  private static final String MS = Metric.MILLISECONDS;

  private static final String NS = "ns";

  /** A share of a whole: of all the host's processors for a CPU load. */
  public static final String FRACTION = "fraction";

  /** The JVM's view of its process and host, which every JVM publishes, Hadoop's or not. */
  static final String OS_BEAN = "java.lang:type=OperatingSystem";

  // The figures that hbench's own summaries and charts read by name: one constant, which the
  // catalogue below lists and the readers ask for ({@link #key}, {@link #max}, {@link #min}).
  public static final ServerFigure RPC_CALLS =
      counter(Role.NAMENODE, "RpcActivityForPort{port}", "RpcProcessingTimeNumOps", "rpc_calls", Metric.COUNT);
  public static final ServerFigure RPC_QUEUE_MS =
      gauge(Role.NAMENODE, "RpcActivityForPort{port}", "RpcQueueTimeAvgTime", "rpc_queue_ms", MS);
  public static final ServerFigure RPC_PROCESSING_MS =
      gauge(Role.NAMENODE, "RpcActivityForPort{port}", "RpcProcessingTimeAvgTime", "rpc_processing_ms", MS);
  public static final ServerFigure RPC_LOCK_WAIT_MS =
      gauge(Role.NAMENODE, "RpcActivityForPort{port}", "RpcLockWaitTimeAvgTime", "rpc_lock_wait_ms", MS);
  public static final ServerFigure CALL_QUEUE_LENGTH =
      gauge(Role.NAMENODE, "RpcActivityForPort{port}", "CallQueueLength", "call_queue_length", Metric.COUNT);
  public static final ServerFigure BYTES_WRITTEN =
      counter(Role.DATANODE, "DataNodeActivity-{node}", "BytesWritten", "bytes_written", Metric.BYTES);
  public static final ServerFigure BYTES_READ =
      counter(Role.DATANODE, "DataNodeActivity-{node}", "BytesRead", "bytes_read", Metric.BYTES);
  public static final ServerFigure VOLUME_FAILURES =
      counter(Role.DATANODE, "DataNodeActivity-{node}", "VolumeFailures", "volume_failures", Metric.COUNT);
  public static final ServerFigure WRITE_BLOCK_MS =
      gauge(Role.DATANODE, "DataNodeActivity-{node}", "WriteBlockOpAvgTime", "write_block_ms", MS);
  public static final ServerFigure READ_BLOCK_MS =
      gauge(Role.DATANODE, "DataNodeActivity-{node}", "ReadBlockOpAvgTime", "read_block_ms", MS);
  public static final ServerFigure PACKET_ACK_RTT_NS =
      gauge(Role.DATANODE, "DataNodeActivity-{node}", "PacketAckRoundTripTimeNanosAvgTime", "packet_ack_rtt_ns", NS);
  public static final ServerFigure FLUSH_NS =
      gauge(Role.DATANODE, "DataNodeActivity-{node}", "FlushNanosAvgTime", "flush_ns", NS);
  public static final ServerFigure FSYNC_NS =
      gauge(Role.DATANODE, "DataNodeActivity-{node}", "FsyncNanosAvgTime", "fsync_ns", NS);
  public static final ServerFigure WRITE_IO_MS =
      gauge(Role.DATANODE_VOLUME, "DataNodeVolume-{volume}", "WriteIoRateAvgTime", "write_io_ms", MS);
  public static final ServerFigure READ_IO_MS =
      gauge(Role.DATANODE_VOLUME, "DataNodeVolume-{volume}", "ReadIoRateAvgTime", "read_io_ms", MS);
  public static final ServerFigure SYNC_IO_MS =
      gauge(Role.DATANODE_VOLUME, "DataNodeVolume-{volume}", "SyncIoRateAvgTime", "sync_io_ms", MS);
  public static final ServerFigure FLUSH_IO_MS =
      gauge(Role.DATANODE_VOLUME, "DataNodeVolume-{volume}", "FlushIoRateAvgTime", "flush_io_ms", MS);
  public static final ServerFigure METADATA_OP_MS =
      gauge(Role.DATANODE_VOLUME, "DataNodeVolume-{volume}", "MetadataOperationRateAvgTime", "metadata_op_ms", MS);
  public static final ServerFigure CONTAINERS_RUNNING =
      gauge(Role.RESOURCEMANAGER, "QueueMetrics,q0=root", "AllocatedContainers", "containers_running", Metric.COUNT);
  // The node's processors in use as the NodeManager measures them from /proc and reports them to
  // the ResourceManager with each heartbeat (every 3 s by default): cores busy.
  public static final ServerFigure NODE_CPU_CORES =
      gauge(Role.NODEMANAGER, "NodeManagerMetrics", "NodeCpuUtilization", "node_cpu_cores", "cores");
  public static final ServerFigure CONTAINERS_FAILED =
      counter(Role.NODEMANAGER, "NodeManagerMetrics", "ContainersFailed", "containers_failed", Metric.COUNT);
  public static final ServerFigure CONTAINER_LAUNCH_MS =
      gauge(Role.NODEMANAGER, "NodeManagerMetrics", "ContainerLaunchDurationAvgTime", "container_launch_ms", MS);
  public static final ServerFigure REQUESTS =
      counter(Role.REGIONSERVER, "RegionServer,sub=Server", "totalRequestCount", "requests", Metric.COUNT);
  public static final ServerFigure GET_MS =
      gauge(Role.REGIONSERVER, "RegionServer,sub=Server", "Get_mean", "get_ms", MS);
  public static final ServerFigure PUT_MS =
      gauge(Role.REGIONSERVER, "RegionServer,sub=Server", "Put_mean", "put_ms", MS);
  public static final ServerFigure SCAN_MS =
      gauge(Role.REGIONSERVER, "RegionServer,sub=Server", "ScanTime_mean", "scan_ms", MS);
  public static final ServerFigure MEMSTORE_BYTES =
      gauge(Role.REGIONSERVER, "RegionServer,sub=Server", "memStoreSize", "memstore_bytes", Metric.BYTES);
  public static final ServerFigure COMPACTION_QUEUE =
      gauge(Role.REGIONSERVER, "RegionServer,sub=Server", "compactionQueueLength", "compaction_queue", Metric.COUNT);
  public static final ServerFigure FLUSH_QUEUE =
      gauge(Role.REGIONSERVER, "RegionServer,sub=Server", "flushQueueLength", "flush_queue", Metric.COUNT);
  public static final ServerFigure REGIONS =
      gauge(Role.REGIONSERVER, "RegionServer,sub=Server", "regionCount", "regions", Metric.COUNT);
  public static final ServerFigure DEAD_REGION_SERVERS =
      gauge(Role.HBASE_MASTER, "Master,sub=Server", "numDeadRegionServers", "dead_region_servers", Metric.COUNT);
  public static final ServerFigure GC_MS =
      counter(null, "JvmMetrics", "GcTimeMillis", "gc_ms", MS);
  public static final ServerFigure HEAP_USED_MB =
      gauge(null, "JvmMetrics", "MemHeapUsedM", "heap_used_mb", "MB");
  public static final ServerFigure PROCESS_CPU =
      gauge(null, OS_BEAN, "ProcessCpuLoad", "process_cpu", FRACTION);
  // CpuLoad first: the servlet reads every attribute of the bean in turn, and of two that share
  // one counter (Java 14 and later publish both) the second covers microseconds. A Java 8 or 11
  // daemon has SystemCpuLoad only.
  public static final ServerFigure HOST_CPU =
      gauge(null, OS_BEAN, "CpuLoad|SystemCpuLoad", "host_cpu", FRACTION);
  public static final ServerFigure HOST_FREE_MEMORY_BYTES =
      gauge(null, OS_BEAN, "FreePhysicalMemorySize", "host_free_memory_bytes", Metric.BYTES);

  /** Every figure {@code --metrics} records. */
  public static final List<ServerFigure> ALL = java.util.stream.Stream.concat(List.of(
      // NameNode: its RPC server (queue and processing time: what a client waits on) and the
      // namespace operations it served.
      RPC_CALLS,
      RPC_QUEUE_MS,
      RPC_PROCESSING_MS,
      RPC_LOCK_WAIT_MS,
      CALL_QUEUE_LENGTH,
      gauge(Role.NAMENODE, "RpcActivityForPort{port}", "NumOpenConnections", "open_connections", Metric.COUNT),
      gauge(Role.NAMENODE, "RpcActivityForPort{port}", "NumInProcessHandler", "handlers_busy", Metric.COUNT),
      counter(Role.NAMENODE, "NameNodeActivity", "CreateFileOps", "create_file_ops", Metric.COUNT),
      counter(Role.NAMENODE, "NameNodeActivity", "FilesCreated", "files_created", Metric.COUNT),
      counter(Role.NAMENODE, "NameNodeActivity", "AddBlockOps", "add_block_ops", Metric.COUNT),
      counter(Role.NAMENODE, "NameNodeActivity", "GetBlockLocations", "get_block_locations", Metric.COUNT),
      counter(Role.NAMENODE, "NameNodeActivity", "FileInfoOps", "file_info_ops", Metric.COUNT),
      counter(Role.NAMENODE, "NameNodeActivity", "GetListingOps", "get_listing_ops", Metric.COUNT),
      counter(Role.NAMENODE, "NameNodeActivity", "FilesRenamed", "files_renamed", Metric.COUNT),
      counter(Role.NAMENODE, "NameNodeActivity", "DeleteFileOps", "delete_file_ops", Metric.COUNT),
      counter(Role.NAMENODE, "NameNodeActivity", "TransactionsNumOps", "edit_transactions", Metric.COUNT),
      gauge(Role.NAMENODE, "NameNodeActivity", "SyncsAvgTime", "edit_sync_ms", MS),
      // Which NameNode of an HA pair serves: kept as a series (1 active, 0 standby or observer),
      // and as the daemon's ha_state, not as a metric.
      new ServerFigure(Role.NAMENODE, "NameNodeStatus*", "State", HA_ACTIVE, Metric.COUNT, false,
          Metric.Better.NONE),
      // DataNode: what it moved, and how long its block operations and their steps took.
      BYTES_WRITTEN,
      BYTES_READ,
      counter(Role.DATANODE, "DataNodeActivity-{node}", "BlocksWritten", "blocks_written", Metric.COUNT),
      counter(Role.DATANODE, "DataNodeActivity-{node}", "BlocksRead", "blocks_read", Metric.COUNT),
      VOLUME_FAILURES,
      WRITE_BLOCK_MS,
      READ_BLOCK_MS,
      PACKET_ACK_RTT_NS,
      FLUSH_NS,
      FSYNC_NS,
      gauge(Role.DATANODE, "DataNodeActivity-{node}", "DataNodeActiveXceiversCount", "active_xceivers", Metric.COUNT),
      // A datanode's volume, while the datanode profiles its file I/O: the disk under it.
      counter(Role.DATANODE_VOLUME, "DataNodeVolume-{volume}", "TotalDataFileIos", "data_file_ios", Metric.COUNT),
      counter(Role.DATANODE_VOLUME, "DataNodeVolume-{volume}", "TotalFileIoErrors", "file_io_errors", Metric.COUNT),
      WRITE_IO_MS,
      READ_IO_MS,
      SYNC_IO_MS,
      FLUSH_IO_MS,
      METADATA_OP_MS,
      // YARN: containers handed out, and how long a NodeManager took to launch one.
      counter(Role.RESOURCEMANAGER, "QueueMetrics,q0=root", "AggregateContainersAllocated", "containers_allocated", Metric.COUNT),
      CONTAINERS_RUNNING,
      gauge(Role.RESOURCEMANAGER, "QueueMetrics,q0=root", "PendingContainers", "containers_pending", Metric.COUNT),
      counter(Role.NODEMANAGER, "NodeManagerMetrics", "ContainersLaunched", "containers_launched", Metric.COUNT),
      NODE_CPU_CORES,
      CONTAINERS_FAILED,
      gauge(Role.NODEMANAGER, "NodeManagerMetrics", "ContainersRunning", "containers_running", Metric.COUNT),
      CONTAINER_LAUNCH_MS,
      // HBase 2's region server: its requests, what it holds in memory, and its queues; the
      // operation times are histograms reset every metrics period, like Hadoop's AvgTime.
      REQUESTS,
      counter(Role.REGIONSERVER, "RegionServer,sub=Server", "readRequestCount", "read_requests", Metric.COUNT),
      counter(Role.REGIONSERVER, "RegionServer,sub=Server", "writeRequestCount", "write_requests", Metric.COUNT),
      counter(Role.REGIONSERVER, "RegionServer,sub=Server", "Get_num_ops", "get_calls", Metric.COUNT),
      counter(Role.REGIONSERVER, "RegionServer,sub=Server", "Put_num_ops", "put_calls", Metric.COUNT),
      GET_MS,
      counter(Role.REGIONSERVER, "RegionServer,sub=IPC", "queueCallTime_num_ops", "rpc_queue_calls", Metric.COUNT),
      gauge(Role.REGIONSERVER, "RegionServer,sub=IPC", "queueCallTime_mean", "rpc_queue_ms", MS),
      PUT_MS,
      SCAN_MS,
      MEMSTORE_BYTES,
      gauge(Role.REGIONSERVER, "RegionServer,sub=Server", "blockCacheSize", "block_cache_bytes", Metric.BYTES),
      counter(Role.REGIONSERVER, "RegionServer,sub=Server", "blockCacheHitCount", "block_cache_hits", Metric.COUNT),
      counter(Role.REGIONSERVER, "RegionServer,sub=Server", "blockCacheMissCount", "block_cache_misses", Metric.COUNT),
      COMPACTION_QUEUE,
      FLUSH_QUEUE,
      REGIONS,
      counter(Role.HBASE_MASTER, "Master,sub=Server", "clusterRequests", "cluster_requests", Metric.COUNT),
      gauge(Role.HBASE_MASTER, "Master,sub=Server", "numRegionServers", "region_servers", Metric.COUNT),
      DEAD_REGION_SERVERS,
      gauge(Role.HBASE_MASTER, "Master,sub=AssignmentManager", "ritCount", "regions_in_transition", Metric.COUNT),
      // HiveServer2's Codahale metrics (hive.server2.metrics.enabled): its sessions and
      // queries; a timer's Mean is over its recent queries, not one metrics period.
      gauge(Role.HIVESERVER2, "hs2_open_sessions", "Value", "open_sessions", Metric.COUNT),
      gauge(Role.HIVESERVER2, "hs2_active_sessions", "Value", "active_sessions", Metric.COUNT),
      counter(Role.HIVESERVER2, "hs2_submitted_queries", "Count", "queries", Metric.COUNT),
      counter(Role.HIVESERVER2, "hs2_completed_sql_operation_ERROR", "Count", "queries_failed", Metric.COUNT),
      gauge(Role.HIVESERVER2, "hs2_submitted_queries", "Mean", "query_ms", MS),
      gauge(Role.HIVESERVER2, "hs2_compiling_queries", "Mean", "compile_ms", MS),
      gauge(Role.HIVESERVER2, "hs2_executing_queries", "Mean", "execute_ms", MS),
      gauge(Role.HIVESERVER2, "memory.heap.used", "Value", "heap_used_bytes", Metric.BYTES),
      gauge(Role.HIVESERVER2, "threads.blocked.count", "Value", "threads_blocked", Metric.COUNT),
      // Every daemon's JVM: collections and their time, heap, threads waiting on a lock.
      counter(null, "JvmMetrics", "GcCount", "gc_count", Metric.COUNT),
      GC_MS,
      HEAP_USED_MB,
      gauge(null, "JvmMetrics", "ThreadsBlocked", "threads_blocked", Metric.COUNT),
      // Every daemon's process and host: its CPU and its host's, as shares of the host's
      // processors over the JVM's last read, its open files, its host's free memory.
      PROCESS_CPU,
      HOST_CPU,
      gauge(null, OS_BEAN, "OpenFileDescriptorCount", "open_files", Metric.COUNT),
      HOST_FREE_MEMORY_BYTES)
      .stream(),
      // The NameNode's own time per method (rpcdetailed: processing, without its lock wait), for
      // the methods a client's namespace calls make: where a call's time went.
      java.util.stream.Stream.of("mkdirs", "getFileInfo", "getBlockLocations", "delete", "rename",
          "rename2", "getListing", "create", "complete", "addBlock")
          .flatMap(m -> java.util.Arrays.stream(method(m))))
      .toList();

  /**
   * Whether this is processors in use over the time since the previous read (a process's or
   * host's CPU load, or the cores a NodeManager measured busy every few seconds): read before a
   * phase or after it, it covers time outside the phase.
   */
  public boolean cpuUse() {
    return unit.equals(FRACTION) || name.equals(NODE_CPU_CORES.name);
  }

  /** The figures of hbench's own JVM, read in process: its process's and host's. */
  public static List<ServerFigure> client() {
    return ALL.stream().filter(f -> f.bean().equals(OS_BEAN)).toList();
  }

  /**
   * Whether this is a mean time per operation over the daemon's last metrics period (Hadoop's
   * {@code ...AvgTime}, HBase's {@code ..._mean}), which reads 0 for a period in which the
   * operation did not happen.
   */
  public boolean meanTime() {
    return !counter && (attribute.endsWith("AvgTime") || attribute.endsWith("_mean"));
  }

  /**
   * For a mean time, the counter of the operations it times where the daemon publishes one
   * ({@code get_calls} for {@code get_ms}), else null: a RegionServer's means are whole
   * milliseconds rounded down, so a period of sub-millisecond gets reads 0, and only the count
   * tells it from a period without gets.
   */
  public String callsFigure() {
    if (!meanTime() || !name.endsWith("_ms")) {
      return null;
    }
    String calls = name.substring(0, name.length() - "_ms".length()) + "_calls";
    return of(role).stream().anyMatch(f -> f.counter() && f.name().equals(calls)) ? calls : null;
  }

  /**
   * The figures of a daemon of {@code role}: its own, and its JVM's (role null) unless it has
   * JVM figures of its own (HiveServer2 publishes no Hadoop {@code JvmMetrics}).
   */
  public static List<ServerFigure> of(Role role) {
    // Asked for every daemon at every sample: worked out once per role.
    return BY_ROLE.computeIfAbsent(role, r -> {
      if (r == Role.CLIENT) {
        return client();
      }
      // HiveServer2 publishes no Hadoop JVM figures; a volume is not a process.
      boolean jvm = r != Role.HIVESERVER2 && r != Role.DATANODE_VOLUME;
      return ALL.stream().filter(f -> f.role() == r || f.role() == null && jvm).toList();
    });
  }

  private static final Map<Role, List<ServerFigure>> BY_ROLE =
      new java.util.concurrent.ConcurrentHashMap<>();

  /**
   * Whether this counter is a sum over the regions a RegionServer holds now: a region that
   * moves in brings its whole count, one that moves out takes its count away, so its growth
   * means something only while the server's regions stayed the same.
   */
  public boolean overRegions() {
    return role == Role.REGIONSERVER && counter && attribute.endsWith("RequestCount")
        && !attribute.equals("totalRequestCount");
  }

  /**
   * This figure's value in {@code beans} (one read of the daemon's {@code /jmx}), or null when the
   * daemon does not publish it (an older version, a metric switched off).
   */
  public Double read(Daemon daemon, Map<String, JsonNode> beans) {
    JsonNode found;
    if (name.equals(HA_ACTIVE)) {
      // NameNodes sharing a JVM (the embedded HA pair) register NameNodeStatus, NameNodeStatus-1:
      // each is found by the RPC address it names, the only NameNode of a JVM as it is.
      String port = ":" + daemon.rpcPort();
      List<JsonNode> statuses = beans.entrySet().stream()
          .filter(e -> e.getKey().contains(",name=NameNodeStatus")).map(Map.Entry::getValue)
          .toList();
      found = statuses.stream().filter(b -> b.path("HostAndPort").asText().endsWith(port))
          .findFirst().orElse(statuses.size() == 1 ? statuses.get(0) : null);
    } else if (bean.startsWith("java.lang:")) {
      // The platform's beans, one per JVM, by their full name.
      found = beans.get(bean);
    } else if (daemon.role() == Role.HIVESERVER2) {
      // Not Hadoop's metrics system: a bean per metric.
      found = beans.get("metrics:name=" + bean);
    } else if (role == null) {
      // The JVM's, under the daemon's own service only: in a JVM several daemons share (the
      // embedded cluster) they are registered once per daemon under scrambled names, and read
      // once, with the daemon that registered them first.
      found = beans.get("Hadoop:service=" + daemon.role().service() + ",name=" + bean);
    } else if (bean.contains("{node}")) {
      // A datanode names its bean by its host as it sees itself (a host name or an address,
      // which need not be the NameNode's view of it) and its transfer port: matched by the port.
      String prefix = ",name=" + bean.substring(0, bean.indexOf("{node}"));
      String port = daemon.node().substring(daemon.node().lastIndexOf(':') + 1);
      found = beans.entrySet().stream()
          .filter(e -> e.getKey().contains(prefix) && e.getKey().endsWith("-" + port))
          .map(Map.Entry::getValue).findFirst().orElse(null);
    } else {
      // By name, whatever the service: a daemon in a shared JVM registers its beans under the
      // service that started the metrics system last.
      String name = ",name=" + beanName(daemon);
      found = beans.entrySet().stream().filter(e -> e.getKey().endsWith(name))
          .map(Map.Entry::getValue).findFirst().orElse(null);
    }
    JsonNode v = null;
    for (String a : attribute.split("\\|")) {
      v = found == null || v != null ? v : found.get(a);
    }
    if (name.equals(HA_ACTIVE)) {
      String state = v == null ? "" : v.asText();
      return state.equals("active") ? Double.valueOf(1)
          : state.equals("standby") || state.equals("observer") ? Double.valueOf(0) : null;
    }
    // A JVM that cannot tell a CPU load says -1.
    return v != null && v.isNumber() && Double.isFinite(v.asDouble())
        && !(unit.equals(FRACTION) && v.asDouble() < 0) ? v.asDouble() : null;
  }

  /**
   * The {@code /jmx} queries that fetch {@code daemon}'s figures (its JVM's process bean apart):
   * one per bean it reads, not the whole of {@code Hadoop:*}. A daemon's JMX servlet walks only
   * the beans a query names: a NameNode's whole set, which on the embedded cluster holds every
   * daemon's beans, took 12-30 ms of its time to write, a single bean 3 ms.
   */
  static List<String> queries(Daemon daemon) {
    if (daemon.role() == Role.HIVESERVER2) {
      return List.of(daemon.role().jmxQuery());
    }
    java.util.Set<String> out = new java.util.LinkedHashSet<>();
    for (ServerFigure f : of(daemon.role())) {
      if (f.bean().startsWith("java.lang:")) {
        continue;
      }
      if (f.role() == null) {
        out.add("Hadoop:service=" + daemon.role().service() + ",name=" + f.bean());
      } else if (f.bean().contains("{node}")) {
        // Matched by its transfer port among those the JVM holds (see read).
        out.add("Hadoop:service=*,name=" + f.bean().substring(0, f.bean().indexOf("{node}")) + "*");
      } else {
        out.add("Hadoop:service=*,name=" + f.beanName(daemon));
      }
    }
    return List.copyOf(out);
  }

  String beanName(Daemon daemon) {
    return bean
        .replace("{port}", daemon.rpcPort() == null ? "" : daemon.rpcPort().toString())
        .replace("{node}", daemon.node().replace(':', '-'))
        .replace("{volume}", daemon.node().substring(daemon.node().indexOf(' ') + 1));
  }
}
