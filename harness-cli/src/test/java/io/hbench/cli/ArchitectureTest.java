package io.hbench.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.classes;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.tngtech.archunit.base.DescribedPredicate;
import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.domain.JavaCodeUnit;
import com.tngtech.archunit.core.domain.JavaField;
import com.tngtech.archunit.core.domain.JavaMember;
import com.tngtech.archunit.core.domain.JavaModifier;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import io.hbench.core.annotation.Internal;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The core's doors, read from the compiled classes of every module (ArchUnit): what a suite may
 * import, that every public core type is reached from a door or marked {@link Internal}, and that
 * the core's packages depend on each other one way only.
 */
class ArchitectureTest {

  private static JavaClasses classes;

  @BeforeAll
  static void importClasses() {
    classes = new ClassFileImporter()
        .withImportOption(ImportOption.Predefined.DO_NOT_INCLUDE_TESTS)
        // harness-core's test jar (the other modules' test helpers) is on this class path too.
        .withImportOption(location -> !location.contains("-tests.jar"))
        // hbench's relocated Jackson (io.hbench.thirdparty) is a library, not hbench's code.
        .withImportOption(location -> !location.contains("hbench-jackson")
            && !location.contains("third-party/jackson"))
        .importPackages("io.hbench");
  }

  /** The root package is the suite SPI; each sub-package of the core is one slice. */
  private static final SliceAssignment CORE_PACKAGES = new SliceAssignment() {
    @Override
    public SliceIdentifier getIdentifierOf(JavaClass c) {
      String slice = slice(c.getPackageName());
      if (slice == null) {
        return SliceIdentifier.ignore();
      }
      return SliceIdentifier.of(slice.equals("io.hbench.core") ? slice + " (the suite SPI)"
          : slice);
    }

    @Override
    public String getDescription() {
      return "the core's packages";
    }
  };

  @Test
  void theCoresPackagesHaveNoCycle() {
    slices().assignedFrom(CORE_PACKAGES).should().beFreeOfCycles().check(classes);
  }

  /**
   * The suite SPI beyond the root package: what a suite (or a service's module) may use of the
   * core. Whole packages where every type is for suites and readers alike (sizes, numbers and
   * console text, errors, the result model); elsewhere the named types, each a piece of the SPI
   * a suite needs (a load's clients and its result, a service's provider, a job's input).
   * A suite that needs another core type makes it part of the SPI here, on purpose.
   */
  private static final Set<String> SUITE_PACKAGES = Set.of("io.hbench.core",
      "io.hbench.core.error", "io.hbench.core.size", "io.hbench.core.text",
      "io.hbench.core.result");
  private static final Set<String> SUITE_TYPES = Set.of(
      "io.hbench.core.cluster.ClusterConfiguration", "io.hbench.core.cluster.Daemon",
      "io.hbench.core.cluster.DaemonBeans",
      "io.hbench.core.cluster.EmbeddedCluster", "io.hbench.core.cluster.FaultActions",
      "io.hbench.core.cluster.InProcessService", "io.hbench.core.cluster.Needs",
      "io.hbench.core.cluster.RunningService", "io.hbench.core.cluster.ServiceProbe",
      "io.hbench.core.cluster.ServiceProvider", "io.hbench.core.cluster.ServiceWatch",
      "io.hbench.core.fs.DataPattern", "io.hbench.core.fs.OperationStats",
      "io.hbench.core.fs.OperationTally", "io.hbench.core.fs.OwnedDirectories",
      "io.hbench.core.load.ConcurrentLoad", "io.hbench.core.load.Disruption",
      "io.hbench.core.load.LoadClients", "io.hbench.core.load.ClientCount",
      "io.hbench.core.load.LoadPlan",
      "io.hbench.core.load.LoadResult", "io.hbench.core.load.Schedule",
      "io.hbench.core.mapreduce.NumberRangeInputFormat", "io.hbench.core.mapreduce.PartFiles",
      "io.hbench.core.mapreduce.StartBarrier", "io.hbench.core.report.SuiteReport",
      "io.hbench.core.report.Chart",
      "io.hbench.core.report.Table", "io.hbench.core.stats.AllRunning",
      "io.hbench.core.stats.RefusedCallException", "io.hbench.core.stats.Spread",
      "io.hbench.core.stats.OutlierRule");

  private static final DescribedPredicate<JavaClass> IN_THE_SUITE_SPI =
      DescribedPredicate.describe("the suite SPI (ArchitectureTest.SUITE_PACKAGES and SUITE_TYPES)",
          c -> {
            String name = c.getName();
            if (!name.startsWith("io.hbench.core.")) {
              return true;
            }
            int nested = name.indexOf('$');
            String top = nested < 0 ? name : name.substring(0, nested);
            return SUITE_PACKAGES.contains(c.getPackageName()) || SUITE_TYPES.contains(top);
          });

  /**
   * The embedding door, as docs/embedding.md shows it: a run asked for, its records told as they
   * come, the options' declarations, the kind of cluster.
   */
  private static final Set<String> EMBEDDING_DOOR = Set.of("io.hbench.core.embed.RunRequest",
      "io.hbench.core.embed.RunListener", "io.hbench.core.embed.CommonOptions",
      "io.hbench.core.embed.SuiteOptions", "io.hbench.core.cluster.ClusterMode");

  /**
   * The read side's door, as docs/embedding.md shows it ("Reading, reporting and comparing
   * results"): records read, their tables and page, comparisons, histories, and the statistics
   * behind them; the records themselves are in the result package, part of the suite SPI.
   */
  private static final Set<String> READING_DOOR = Set.of("io.hbench.core.report.ResultReader",
      "io.hbench.core.report.ReportTables", "io.hbench.core.report.TableFormat",
      "io.hbench.core.report.HtmlReport", "io.hbench.core.report.Comparison",
      "io.hbench.core.report.History", "io.hbench.core.report.HistoryPage",
      "io.hbench.core.stats.MedianInterval", "io.hbench.core.stats.RankSumTest");

  /**
   * The instrumented file system as a library, as docs/instrumented-fs.md shows it ("As a
   * library"), and the classes its settings name ({@code fs.<scheme>.impl}, the output format
   * {@code -D} wraps): a door of embedding.
   */
  private static final Set<String> INSTRUMENTATION_DOOR = Set.of(
      "io.hbench.core.fs.Instrumentation", "io.hbench.core.fs.InstrumentedFileSystem",
      "io.hbench.core.fs.IoStatistics", "io.hbench.core.fs.IoOperation",
      "io.hbench.core.mapreduce.JobIo", "io.hbench.core.mapreduce.InstrumentedOutputFormat");

  /**
   * The core's public types are its API, and only that, or say they are not: each is reached from
   * one of the three doors (a type of the suite SPI, embedding's, the instrumented file system's
   * or the read side's, or one their public or protected signatures name, transitively), or it
   * is marked {@link Internal}, public only because another core package, the CLI, Hadoop's
   * reflection or ServiceLoader needs it. A door that names a type marked internal has let it out.
   */
  @Test
  void everyPublicCoreTypeIsReachedFromADoorOrMarkedInternal() {
    Set<String> api = reachedFromTheDoors();
    List<String> unmarked = new ArrayList<>();
    List<String> leaked = new ArrayList<>();
    int publicTypes = 0;
    int reached = 0;
    int internal = 0;
    for (JavaClass c : classes) {
      if (!inTheCore(c) || !c.isTopLevelClass() || !c.getModifiers().contains(JavaModifier.PUBLIC)) {
        continue;
      }
      publicTypes++;
      boolean marked = c.isAnnotatedWith(Internal.class);
      internal += marked ? 1 : 0;
      reached += api.contains(c.getName()) ? 1 : 0;
      if (api.contains(c.getName()) && marked) {
        leaked.add(c.getName());
      } else if (!api.contains(c.getName()) && !marked) {
        unmarked.add(c.getName());
      }
    }
    System.out.printf("ArchitectureTest: %d public types in the core: %d reached from the doors,"
        + " %d marked @Internal%n", publicTypes, reached, internal);
    assertTrue(publicTypes > 100, "the core's classes were read: " + publicTypes);
    assertTrue(unmarked.isEmpty(), "public, reached from no door and not marked @Internal: "
        + unmarked);
    assertTrue(leaked.isEmpty(), "marked @Internal but named by a door: " + leaked);
  }

  @Test
  void onlyTheCoreAndTheCliUseInternalTypes() {
    noClasses().that().resideOutsideOfPackages("io.hbench.core..", "io.hbench.cli..")
        .should().dependOnClassesThat().areAnnotatedWith(Internal.class)
        .orShould().dependOnClassesThat(DescribedPredicate.describe("nested in an @Internal type",
            c -> !c.isTopLevelClass() && topLevel(c).isAnnotatedWith(Internal.class)))
        .check(classes);
  }

  private static boolean inTheCore(JavaClass c) {
    return c.getPackageName().equals("io.hbench.core")
        || c.getPackageName().startsWith("io.hbench.core.");
  }

  private static JavaClass topLevel(JavaClass c) {
    JavaClass at = c;
    while (at.getEnclosingClass().isPresent()) {
      at = at.getEnclosingClass().get();
    }
    return at;
  }

  /** The names of the core's top-level types the doors reach, the doors' own included. */
  private static Set<String> reachedFromTheDoors() {
    Deque<JavaClass> todo = new ArrayDeque<>();
    for (JavaClass c : classes) {
      if (inTheCore(c) && c.isTopLevelClass() && c.getModifiers().contains(JavaModifier.PUBLIC)
          && (IN_THE_SUITE_SPI.test(c) || EMBEDDING_DOOR.contains(c.getName())
              || INSTRUMENTATION_DOOR.contains(c.getName()) || READING_DOOR.contains(c.getName())
              // What marks the API's edge is part of it.
              || c.getPackageName().equals("io.hbench.core.annotation"))) {
        todo.add(c);
      }
    }
    Map<JavaClass, List<JavaClass>> nested = new java.util.HashMap<>();
    for (JavaClass n : classes) {
      n.getEnclosingClass()
          .ifPresent(e -> nested.computeIfAbsent(e, k -> new ArrayList<>()).add(n));
    }
    Set<String> seen = new HashSet<>();
    Set<String> reached = new TreeSet<>();
    while (!todo.isEmpty()) {
      JavaClass c = todo.pop();
      if (!seen.add(c.getName())) {
        continue;
      }
      reached.add(topLevel(c).getName());
      // Its supertypes and type parameters with their type arguments and bounds, the types its
      // public and protected members name (the same of theirs), their annotations', its public
      // and protected nested types, and the type it is nested in (walked as any other).
      Set<JavaClass> named = new HashSet<>();
      c.getSuperclass().ifPresent(t -> named.addAll(t.getAllInvolvedRawTypes()));
      c.getInterfaces().forEach(t -> named.addAll(t.getAllInvolvedRawTypes()));
      c.getTypeParameters().forEach(t -> named.addAll(t.getAllInvolvedRawTypes()));
      c.getEnclosingClass().ifPresent(named::add);
      for (JavaMember m : c.getMembers()) {
        Set<JavaModifier> mods = m.getModifiers();
        if (!mods.contains(JavaModifier.PUBLIC) && !mods.contains(JavaModifier.PROTECTED)) {
          continue;
        }
        m.getAnnotations().forEach(a -> named.add(a.getRawType()));
        if (m instanceof JavaField f) {
          named.addAll(f.getType().getAllInvolvedRawTypes());
        } else if (m instanceof JavaCodeUnit u) {
          named.addAll(u.getReturnType().getAllInvolvedRawTypes());
          u.getParameterTypes().forEach(p -> named.addAll(p.getAllInvolvedRawTypes()));
          u.getTypeParameters().forEach(t -> named.addAll(t.getAllInvolvedRawTypes()));
          named.addAll(u.getThrowsClause().getTypes());
        }
      }
      for (JavaClass n : nested.getOrDefault(c, List.of())) {
        if (n.getModifiers().contains(JavaModifier.PUBLIC)
            || n.getModifiers().contains(JavaModifier.PROTECTED)) {
          named.add(n);
        }
      }
      for (JavaClass n : named) {
        JavaClass raw = n.isArray() ? n.getBaseComponentType() : n;
        if (inTheCore(raw)) {
          todo.add(raw);
        }
      }
    }
    return reached;
  }

  /**
   * The same, read from the core's sources: the compiler copies a constant into the class that
   * uses it, so a cycle made of constants alone leaves no trace in the classes ArchUnit reads.
   * Code only: comments are stripped first.
   */
  @Test
  void theCoresSourcesHaveNoPackageCycle() throws IOException {
    Path root = Path.of("..", "harness-core", "src", "main", "java");
    Map<String, Set<String>> uses = new TreeMap<>();
    Pattern reference = Pattern.compile("\\bio\\.hbench\\.core(?:\\.([a-z]+))?\\.[A-Z]");
    try (Stream<Path> files = Files.walk(root)) {
      for (Path f : files.filter(f -> f.toString().endsWith(".java")).toList()) {
        String code = Files.readString(f).replaceAll("(?s)/\\*.*?\\*/", "")
            .replaceAll("//[^\\n]*", "");
        String from = slice(root.relativize(f.getParent()).toString().replace('/', '.'));
        Matcher m = reference.matcher(code);
        while (m.find()) {
          String to = slice("io.hbench.core" + (m.group(1) == null ? "" : "." + m.group(1)));
          if (!to.equals(from)) {
            uses.computeIfAbsent(from, k -> new TreeSet<>()).add(to);
          }
        }
      }
    }
    assertTrue(uses.size() > 10, "the core's packages were read: " + uses.keySet());
    for (String start : uses.keySet()) {
      List<String> cycle = pathBack(start, start, uses, new ArrayList<>(), new HashSet<>());
      assertTrue(cycle == null, "a cycle through the core's sources: " + cycle);
    }
  }

  /** The core's slice a package belongs to (the root, or its first sub-package); null outside. */
  private static String slice(String pkg) {
    if (pkg.equals("io.hbench.core")) {
      return pkg;
    }
    if (!pkg.startsWith("io.hbench.core.")) {
      return null;
    }
    String rest = pkg.substring("io.hbench.core.".length());
    int dot = rest.indexOf('.');
    return "io.hbench.core." + (dot < 0 ? rest : rest.substring(0, dot));
  }

  /** A path from {@code at} back to {@code start}, or null. */
  private static List<String> pathBack(String start, String at, Map<String, Set<String>> uses,
      List<String> path, Set<String> seen) {
    path.add(at);
    for (String next : uses.getOrDefault(at, Set.of())) {
      if (next.equals(start)) {
        List<String> cycle = new ArrayList<>(path);
        cycle.add(start);
        return cycle;
      }
      if (seen.add(next)) {
        List<String> found = pathBack(start, next, uses, path, seen);
        if (found != null) {
          return found;
        }
      }
    }
    path.remove(path.size() - 1);
    return null;
  }

  @Test
  void suitesUseOnlyTheSuiteSpi() {
    // Every module but the core and the CLI is a suite's (or a service's): a new one is covered.
    classes().that().resideOutsideOfPackages("io.hbench.core..", "io.hbench.cli..")
        .should().onlyDependOnClassesThat(IN_THE_SUITE_SPI)
        .check(classes);
  }

  @Test
  void theReadSideDependsOnNoHadoopClass() {
    // report, compare and history run where no cluster is (a laptop with the results files);
    // BenchJarIT checks at run time that they load no Hadoop class.
    noClasses().that().resideInAnyPackage("io.hbench.core.report..", "io.hbench.core.result..",
            "io.hbench.core.stats..", "io.hbench.core.text..", "io.hbench.core.size..",
            "io.hbench.core.error..")
        .should().dependOnClassesThat().resideInAnyPackage("org.apache.hadoop..")
        .check(classes);
  }

  @Test
  void hbenchUsesItsOwnJacksonNeverHadoops() {
    // Hadoop's Jackson (2.12) is on every class path hbench runs with; a class that imports it
    // by mistake compiles and then meets whatever version the cluster carries.
    noClasses().should().dependOnClassesThat().resideInAnyPackage("com.fasterxml.jackson..")
        .check(classes);
  }
}
