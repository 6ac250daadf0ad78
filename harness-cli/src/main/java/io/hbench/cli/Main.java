package io.hbench.cli;

import io.hbench.core.Benchmark;
import io.hbench.core.BenchmarkOption;
import io.hbench.core.HbenchVersion;
import io.hbench.core.embed.CommonOptions;
import io.hbench.core.embed.RunSettings;
import io.hbench.core.embed.SuiteOptions;
import io.hbench.core.engine.BenchmarkRunner;
import io.hbench.core.error.ErrorLine;
import io.hbench.core.error.InvalidInputException;
import io.hbench.core.text.Console;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.ServiceLoader;
import java.util.TreeMap;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Model.OptionSpec;
import picocli.CommandLine.ParseResult;
import picocli.CommandLine;

/**
 * The {@code bench} command. Builds one subcommand per {@link Benchmark} found with {@link
 * ServiceLoader}, from the options the suite declares plus the options every suite shares, so
 * adding a suite never edits this class.
 *
 * <p>Exit codes: 0 every point ok; 1 a point failed (it is recorded as failed); 2 bad input or an
 * unreachable cluster (one line on stderr, nothing created).
 */
public final class Main {

  static final int OK = 0;
  static final int POINT_FAILED = 1;
  static final int BAD_INPUT = 2;

  private final Console console;
  private final String hadoopConfDir;

  /**
   * @param console where output goes
   * @param hadoopConfDir the {@code HADOOP_CONF_DIR} to read, or null
   */
  public Main(Console console, String hadoopConfDir) {
    this.console = console;
    this.hadoopConfDir = hadoopConfDir;
  }

  /** The commands that read results files. */
  private static final java.util.Set<String> READERS =
      java.util.Set.of(ReportCommand.NAME, CompareCommand.NAME, HistoryCommand.NAME);

  public static void main(String[] args) {
    // picocli looks for Groovy's closures, and with Hive's Groovy in lib/ that loads Groovy and
    // AWT: a quarter of a second of every command. hbench declares no closures.
    System.setProperty("picocli.disable.closures", "true");
    // Before anything can print: every line this process writes (hbench's, the logs of the
    // Hadoop code it runs, an uncaught exception) redacted; execute learns the command line's.
    System.setOut(io.hbench.core.result.RedactingStream.wrap(System.out));
    System.setErr(io.hbench.core.result.RedactingStream.wrap(System.err));
    // This process is the run: task JVMs of an embedded or locally configured mini cluster inherit
    // its class path, which must not be relative to where the user stands. A process that reads
    // results runs nothing and touches no Hadoop class.
    if (!readsResults(args) && hadoopOnClassPath()) {
      System.setProperty("java.class.path", io.hbench.core.cluster.MiniYarnService.absoluteClassPath(
          System.getProperty("java.class.path", "")));
    }
    int code = new Main(Console.system(), System.getenv("HADOOP_CONF_DIR")).execute(args);
    System.exit(code);
  }

  /** Whether {@code args} are a command that reads results files: it needs no Hadoop. */
  private static boolean readsResults(String[] args) {
    return args.length > 0 && READERS.contains(args[0]);
  }

  private static boolean hadoopOnClassPath() {
    try {
      Class.forName("org.apache.hadoop.conf.Configuration", false, Main.class.getClassLoader());
      return true;
    } catch (ClassNotFoundException | LinkageError e) {
      return false;
    }
  }

  /** Runs {@code bench} with {@code args}; returns the exit code. */
  public int execute(String... args) {
    // This process is the run: what it leaves in /tmp for S3A is its own, removed as it exits.
    if (!readsResults(args) && hadoopOnClassPath()) {
      io.hbench.core.cluster.ScratchDirectory.ownedByThisProcess();
    }
    // The command line's secrets first, so that no message about a bad option can show them.
    io.hbench.core.result.SecretRedactor.learn(args);
    Map<String, Benchmark> suites = new TreeMap<>();
    CommandLine cli = commandLine(args, suites);
    ParseResult parsed;
    try {
      parsed = cli.parseArgs(args);
    } catch (CommandLine.ParameterException e) {
      return badInput(parseProblem(e, suites));
    }
    return run(cli, parsed, suites);
  }

  /**
   * What {@code bench args} would refuse, without running anything or creating anything, to
   * {@code level}: an unknown or renamed option or suite; a missing value; a value the suite
   * cannot read. Null when none. For the docs' commands as they are typed ({@code
   * DocsCommandsTest}).
   */
  String check(Check level, String... args) {
    Map<String, Benchmark> suites = new TreeMap<>();
    CommandLine cli = commandLine(args, suites);
    ParseResult parsed;
    try {
      parsed = cli.parseArgs(args);
    } catch (CommandLine.UnmatchedArgumentException e) {
      return parseProblem(e, suites);
    } catch (CommandLine.ParameterException e) {
      if (level != Check.NAMES) {
        return parseProblem(e, suites);
      }
      // A command named in a sentence ("bench report --html") need not be whole; the names of
      // its options must still be the command's.
      CommandSpec spec = e.getCommandLine().getCommandSpec();
      for (String a : args) {
        String name = a.contains("=") ? a.substring(0, a.indexOf('=')) : a;
        if (name.startsWith("-") && !name.matches("-\\d.*") && spec.findOption(name) == null) {
          return spec.name() + ": unknown option '" + name + "'";
        }
      }
      return null;
    }
    boolean help = parsed.asCommandLineList().stream()
        .anyMatch(c -> c.isUsageHelpRequested() || c.isVersionHelpRequested());
    if (level != Check.VALUES || help || !parsed.hasSubcommand()
        || !suites.containsKey(parsed.subcommand().commandSpec().name())) {
      return null;
    }
    Benchmark suite = suites.get(parsed.subcommand().commandSpec().name());
    try {
      SuiteOptions.Parsed options = SuiteOptions.parse(suite, texts(parsed.subcommand(), suite),
          note -> { });
      RunSettings.of(options.common(), hadoopConfDir);
      return null;
    } catch (InvalidInputException e) {
      return e.getMessage();
    }
  }

  /** How much of a command line {@link #check} checks. */
  enum Check {
    /** The suite's and the options' names: a command named in a sentence. */
    NAMES,
    /** The whole command line's parse: names, values given to every option that takes one. */
    PARSE,
    /** The parse, and every option's value as the suite reads it (a size, a choice). */
    VALUES
  }

  /** The command line of {@code bench}, with every suite found put in {@code suites}. */
  private CommandLine commandLine(String[] args, Map<String, Benchmark> suites) {
    // Reading results needs no suite's options: report, compare and history start without them.
    for (Benchmark b : readsResults(args) ? List.<Benchmark>of()
        : ServiceLoader.load(Benchmark.class, Main.class.getClassLoader())) {
      suites.put(b.name(), b);
    }
    CommandSpec root = CommandSpec.create().name("bench").version("hbench " + HbenchVersion.get());
    root.mixinStandardHelpOptions(true);
    root.usageMessage()
        .description(
            "Benchmarks for Hadoop clusters: one command, one result schema, validated results.",
            "Runs on the configured cluster (HADOOP_CONF_DIR, --conf) or, when none is"
                + " configured, on an embedded in-process cluster.")
        .footer(
            "",
            "Run 'bench <suite> --help' for a suite's options; 'bench report' and 'bench compare'"
                + " read results files.",
            "Exit codes: 0 all points ok, 1 a point failed, 2 bad input or unreachable cluster.");
    for (Benchmark b : List.copyOf(suites.values())) {
      try {
        root.addSubcommand(b.name(), suiteCommand(b));
      } catch (IllegalStateException e) {
        // A suite whose option shadows a common one is not registered; the run goes on.
        console.status("bench: " + e.getMessage());
        suites.remove(b.name());
      }
    }
    if (!readsResults(args)) {
      // Its options name the services it can start, which would load them (and Hadoop).
      root.addSubcommand(EmbeddedClusterCommand.NAME, EmbeddedClusterCommand.spec());
    }
    root.addSubcommand(ReportCommand.NAME, ReportCommand.spec());
    root.addSubcommand(CompareCommand.NAME, CompareCommand.spec());
    root.addSubcommand(HistoryCommand.NAME, HistoryCommand.spec());

    CommandLine cli = new CommandLine(root);
    cli.setUsageHelpWidth(100);
    return cli;
  }

  private int run(CommandLine cli, ParseResult parsed, Map<String, Benchmark> suites) {
    for (CommandLine c : parsed.asCommandLineList()) {
      if (c.isUsageHelpRequested()) {
        console.print(c.getUsageMessage());
        return OK;
      }
      if (c.isVersionHelpRequested()) {
        console.print(String.join("\n", c.getCommandSpec().version()) + "\n");
        return OK;
      }
    }
    if (!parsed.hasSubcommand()) {
      console.print(cli.getUsageMessage());
      return BAD_INPUT;
    }
    ParseResult sub = parsed.subcommand();
    String name = sub.commandSpec().name();
    String noHadoop =
        "no Hadoop classes on the classpath: run bench.jar with 'yarn jar bench.jar ...' on a"
            + " Hadoop client, or use bench-standalone.jar to run without one";
    try {
      // Reading results needs no Hadoop: bench.jar reports with plain java -jar.
      if (name.equals(ReportCommand.NAME)) {
        return ReportCommand.run(sub, console);
      }
      if (name.equals(CompareCommand.NAME)) {
        return CompareCommand.run(sub, console);
      }
      if (name.equals(HistoryCommand.NAME)) {
        return HistoryCommand.run(sub, console);
      }
      if (name.equals(EmbeddedClusterCommand.NAME)) {
        return hadoopOnClassPath() ? EmbeddedClusterCommand.run(sub, console) : badInput(noHadoop);
      }
      Benchmark suite = suites.get(name);
      // Options first, so a malformed size is named even where Hadoop is missing.
      List<String> notes = new ArrayList<>();
      SuiteOptions.Parsed options = SuiteOptions.parse(suite, texts(sub, suite), notes::add);
      RunSettings settings = RunSettings.of(options.common(), hadoopConfDir);
      // An old spelling is noted once the options are known to be good: bad input is one line.
      suite.points(options.suite());
      notes.forEach(note -> console.status("bench: note: " + note));
      if (!hadoopOnClassPath()) {
        return badInput(noHadoop);
      }
      BenchmarkRunner.Summary summary = new BenchmarkRunner(console,
          options.common().get(CommonOptions.FORMAT)).run(suite, options.suite(), settings);
      return summary.exitCode() == 0 ? OK : POINT_FAILED;
    } catch (InvalidInputException e) {
      return badInput(e.getMessage());
    } catch (OutOfMemoryError e) {
      // Said in one line, with what to do: a stack trace of a parser's frames helps nobody.
      console.status("bench: " + name + " ran out of memory in a heap of "
          + Runtime.getRuntime().maxMemory() / (1 << 20) + " MB: give the JVM more, as"
          + " HBENCH_OPTS=-Xmx4g for bin/bench or java -Xmx4g -jar");
      return POINT_FAILED;
    } catch (Exception | LinkageError e) {
      if (System.getenv("HBENCH_DEBUG") != null) {
        e.printStackTrace();
      }
      console.status("bench: " + name + " failed: " + ErrorLine.of(e) + " (set HBENCH_DEBUG=1 for details)");
      return POINT_FAILED;
    }
  }

  /** A suite's subcommand: every option of {@link SuiteOptions#of}, built from its declaration. */
  private CommandSpec suiteCommand(Benchmark b) {
    CommandSpec spec = CommandSpec.create().name(b.name()).version("hbench " + HbenchVersion.get());
    spec.mixinStandardHelpOptions(true);
    spec.usageMessage().description(literal(b.description())).sortOptions(false);
    for (BenchmarkOption<?> o : SuiteOptions.of(b)) {
      spec.addOption(optionSpec(o, o.name(), false));
      for (String alias : o.aliases()) {
        // Kept from the suites that had their own spelling: the same option, not shown twice.
        spec.addOption(optionSpec(o, alias, true));
      }
      if (o.isPositional()) {
        spec.addPositional(CommandLine.Model.PositionalParamSpec.builder()
            .index("0").arity("0..1").type(String.class).paramLabel(o.paramLabel())
            .description("As " + o.name() + ".").build());
      }
    }
    return spec;
  }

  private static OptionSpec optionSpec(BenchmarkOption<?> o, String name, boolean hidden) {
    OptionSpec.Builder ob = OptionSpec.builder(name).description(literal(describe(o))).hidden(hidden);
    if (o.isFlag()) {
      ob.type(boolean.class).arity("0").negatable(o.isNegatable());
    } else if (o.bareValue() != null) {
      ob.type(String.class).paramLabel(o.paramLabel()).arity("0..1").fallbackValue(o.bareValue());
    } else if (o.isRepeatable()) {
      ob.type(List.class).auxiliaryTypes(String.class).paramLabel(o.paramLabel());
    } else {
      ob.type(String.class).paramLabel(o.paramLabel()).required(o.required() && !o.isPositional());
    }
    return ob.build();
  }

  /** Every option the command line gave, as text by the name (or alias) it was given with. */
  private static Map<String, List<String>> texts(ParseResult sub, Benchmark suite) {
    Map<String, List<String>> texts = new LinkedHashMap<>();
    for (BenchmarkOption<?> o : SuiteOptions.of(suite)) {
      List<String> names = new ArrayList<>(o.aliases());
      names.add(0, o.name());
      for (String n : names) {
        if (!sub.hasMatchedOption(n)) {
          continue;
        }
        if (o.isRepeatable()) {
          List<String> all = sub.matchedOptionValue(n, List.of());
          texts.put(n, new ArrayList<>(all));
        } else {
          texts.put(n, List.of(String.valueOf((Object) sub.matchedOptionValue(n, null))));
        }
      }
      if (o.isPositional() && sub.hasMatchedPositional(0)) {
        if (texts.containsKey(o.name())) {
          throw new InvalidInputException(
              o.paramLabel() + " given twice: as a word and as " + o.name());
        }
        texts.put(o.name(), List.of(String.valueOf((Object) sub.matchedPositionalValue(0, ""))));
      }
    }
    return texts;
  }

  /**
   * {@code text} as picocli prints it: picocli formats descriptions, so a percent sign in a
   * suite's text (--until-stable's 7.5%,7) is doubled, or --help warns and prints it raw.
   */
  private static String literal(String text) {
    return text.replace("%", "%%");
  }

  /** The option's text with its default, so --help shows every default. */
  static String describe(BenchmarkOption<?> o) {
    String also = o.aliases().isEmpty() ? "" : " Also spelled " + String.join(", ", o.aliases()) + ".";
    if (o.isFlag()) {
      return o.description() + also;
    }
    if (o.required()) {
      return o.description() + " Required." + also;
    }
    return o.description() + (o.defaultValue().isEmpty() || o.isRepeatable() ? ""
        : " Default: " + o.defaultValue() + ".") + also;
  }

  private String parseProblem(CommandLine.ParameterException e, Map<String, Benchmark> suites) {
    if (e instanceof CommandLine.UnmatchedArgumentException u
        && u.getCommandLine().getCommandSpec().name().equals("bench")
        && !u.getUnmatched().isEmpty()
        && !u.getUnmatched().get(0).startsWith("-")) {
      return "unknown suite '" + u.getUnmatched().get(0) + "'; known: " + String.join(", ", suites.keySet())
          + ", " + EmbeddedClusterCommand.NAME + ", " + ReportCommand.NAME + ", " + CompareCommand.NAME
          + ", " + HistoryCommand.NAME;
    }
    String cmd = e.getCommandLine().getCommandSpec().name();
    String msg = e.getMessage().lines().findFirst().orElse("invalid arguments");
    return (cmd.equals("bench") ? "" : cmd + ": ") + lowerFirst(msg) + " (see 'bench "
        + (cmd.equals("bench") ? "" : cmd + " ") + "--help')";
  }

  private int badInput(String message) {
    console.status("bench: " + message);
    return BAD_INPUT;
  }

  private static String lowerFirst(String s) {
    return s.isEmpty() ? s : Character.toLowerCase(s.charAt(0)) + s.substring(1);
  }
}
