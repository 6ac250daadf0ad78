package io.hbench.cli;

import io.hbench.core.InvalidInputException;
import io.hbench.core.cluster.ClusterConfiguration;
import io.hbench.core.cluster.EmbeddedCluster;
import io.hbench.core.report.Console;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CountDownLatch;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;

/**
 * {@code bench embedded-cluster}: starts the embedded cluster and keeps it up until Ctrl-C,
 * writing its client configuration to a directory. Other tools (Hadoop's own examples, for a
 * side-by-side run) then use it as {@code HADOOP_CONF_DIR}, and so does {@code bench --cluster
 * conf}.
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
        OptionSpec.builder("--conf-dir")
            .paramLabel("DIR")
            .type(String.class)
            .required(true)
            .description("Directory to write core-site.xml into. Required.")
            .build());
    spec.addOption(CommonOptions.datanodes("Datanodes. Default: 1."));
    spec.addOption(CommonOptions.defines("Hadoop setting for the cluster (repeatable)."));
    return spec;
  }

  static int run(ParseResult sub, Console console) throws Exception {
    Path dir = Path.of((String) sub.matchedOptionValue("--conf-dir", null));
    int datanodes = sub.commandSpec().findOption("--datanodes").getValue();
    if (datanodes < 1) {
      throw new InvalidInputException("--datanodes must be at least 1, got " + datanodes);
    }
    Map<String, String> defines = sub.matchedOptionValue("-D", Map.of());
    ClusterConfiguration config = ClusterConfiguration.load(null, List.of(), defines);
    EmbeddedCluster cluster;
    try {
      cluster = EmbeddedCluster.start(config.configuration(), datanodes, 1);
    } catch (NoClassDefFoundError e) {
      throw new InvalidInputException(
          "the embedded cluster is not in this jar (missing " + e.getMessage()
              + "): use bench-standalone.jar");
    }
    CountDownLatch stopped = new CountDownLatch(1);
    Runtime.getRuntime()
        .addShutdownHook(
            new Thread(
                () -> {
                  cluster.close();
                  stopped.countDown();
                }));
    cluster.writeConfiguration(dir);
    console.status(
        "hbench: embedded cluster up (" + cluster.configuration().get("fs.defaultFS")
            + "); configuration in " + dir.toAbsolutePath().resolve("core-site.xml")
            + "; Ctrl-C stops it");
    stopped.await();
    return 0;
  }
}
