package io.hbench.cli;

import io.hbench.core.cluster.ClusterConfiguration;
import io.hbench.core.cluster.ClusterFactory;
import io.hbench.core.cluster.EmbeddedCluster;
import io.hbench.core.cluster.ServiceProvider;
import io.hbench.core.embed.CommonOptions;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.text.Console;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code bench embedded-cluster}: starts embedded services (HDFS and YARN by default, any set with
 * {@code --with}) through the same factory as a run, and keeps them up until Ctrl-C, writing their
 * client configuration to a directory. Other tools (Hadoop's own examples, for a side-by-side run)
 * then use it as {@code HADOOP_CONF_DIR}, and so does {@code bench --cluster conf}.
 */
final class EmbeddedClusterCommand {

  static final String NAME = "embedded-cluster";

  private EmbeddedClusterCommand() {}

  static CommandSpec spec() {
    CommandSpec spec = CommandSpec.create().name(NAME);
    spec.mixinStandardHelpOptions(true);
    spec.usageMessage()
        .description(
            "Start the embedded cluster and keep it running until Ctrl-C, with its client"
                + " configuration written to --conf-dir (use it as HADOOP_CONF_DIR).");
    spec.addOption(
        OptionSpec.builder("--with")
            .paramLabel("SERVICE,...")
            .type(String.class)
            .defaultValue("hdfs,yarn")
            .description(withDescription())
            .build());
    spec.addOption(
        OptionSpec.builder("--conf-dir")
            .paramLabel("DIR")
            .type(String.class)
            .required(true)
            .description("Directory to write core-site.xml into. Required.")
            .build());
    spec.addOption(OptionSpec.builder("--ha").arity("0")
        .description("Start HDFS as an HA pair: two NameNodes of nameservice "
            + io.hbench.core.cluster.MiniDfsService.NAMESERVICE + ", the first active, and only"
            + " the nameservice's HA settings in the configuration written.").build());
    spec.addOption(OptionSpec.builder(CommonOptions.DATANODES.name()).paramLabel("N")
        .type(int.class).defaultValue("1").description("Datanodes. Default: 1.").build());
    spec.addOption(OptionSpec.builder(CommonOptions.DEFINES.name()).paramLabel("KEY=VALUE")
        .type(Map.class).auxiliaryTypes(String.class, String.class)
        .description("Hadoop setting for the cluster (repeatable).").build());
    return spec;
  }

  static int run(ParseResult sub, Console console) throws Exception {
    Path dir = Path.of((String) sub.matchedOptionValue("--conf-dir", null));
    int datanodes = sub.commandSpec().findOption("--datanodes").getValue();
    if (datanodes < 1) {
      throw new InvalidInputException("--datanodes must be at least 1, got " + datanodes);
    }
    Map<String, String> defines = new java.util.LinkedHashMap<>(sub.matchedOptionValue("-D", Map.of()));
    if (sub.hasMatchedOption("--ha")) {
      defines.put(io.hbench.core.cluster.MiniDfsService.HA, "true");
    }
    ClusterConfiguration config = ClusterConfiguration.load(null, List.of(), defines);
    String with = sub.commandSpec().findOption("--with").getValue();
    List<String> services = new java.util.ArrayList<>();
    for (String name : with.split(",")) {
      if (!name.isBlank()) {
        services.add(name.strip().toLowerCase(java.util.Locale.ROOT));
      }
    }
    if (services.isEmpty()) {
      throw new InvalidInputException("--with names no service: use, for example, hdfs,yarn");
    }
    if (sub.hasMatchedOption("--ha") && services.stream().anyMatch(s -> !s.equals("hdfs")
        && ClusterFactory.provider(s).storage())) {
      throw new InvalidInputException("--ha starts HDFS as an HA pair: it cannot go with "
          + String.join(",", services));
    }
    EmbeddedCluster cluster = ClusterFactory.embedded(config, datanodes, services, console);
    // Ctrl-C and SIGTERM stop the cluster here, before the JVM's shutdown begins: stopped from a
    // shutdown hook, a datanode's last step (removing a hook of Hadoop's) throws and prints a
    // stack trace on every Ctrl-C. The hook stays for any other way the JVM ends.
    CountDownLatch stop = new CountDownLatch(1);
    for (String signal : List.of("INT", "TERM")) {
      try {
        sun.misc.Signal.handle(new sun.misc.Signal(signal), s -> stop.countDown());
      } catch (IllegalArgumentException e) {
        // This platform has no such signal: the shutdown hook stops the cluster.
      }
    }
    Thread hook = new Thread(cluster::close, "hbench-embedded-cluster-stop");
    Runtime.getRuntime().addShutdownHook(hook);
    StringBuilder up = new StringBuilder();
    try {
      cluster.writeConfiguration(dir);
      for (io.hbench.core.result.ServiceInfo info : cluster.services()) {
        up.append(up.length() == 0 ? "" : ", ").append(info.name()).append(" at ")
            .append(info.endpoint());
      }
    } catch (Exception | Error e) {
      // Stopped here, not by the shutdown hook while the JVM exits: its daemons' threads then
      // print stack traces over the one line that says what went wrong.
      cluster.close();
      throw e;
    }
    console.status(
        "hbench: embedded cluster up (" + up
            + "); configuration in " + dir.toAbsolutePath().resolve("core-site.xml")
            + "; Ctrl-C stops it");
    stop.await();
    console.status("hbench: stopping the embedded cluster");
    cluster.close();
    Runtime.getRuntime().removeShutdownHook(hook);
    return 0;
  }

  /** The services this jar can start, for {@code --help}. */
  private static String withDescription() {
    StringBuilder b =
        new StringBuilder("Services to start, in order; a store first (hdfs unless another is named),"
            + " and a second beside it if named (hdfs,ozone: the first is fs.defaultFS, put data on"
            + " the other with --fs or --vary fs). Default: hdfs,yarn.");
    try {
      for (ServiceProvider p : ClusterFactory.providers()) {
        b.append("%n  ").append(p.name()).append(": ").append(p.description());
      }
    } catch (LinkageError e) {
      // Without Hadoop on the class path (java -jar bench.jar --help) no service can start.
    }
    return b.toString();
  }
}
