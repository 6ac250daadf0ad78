package io.hbench.cli;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.core.domain.JavaClass;
import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.library.dependencies.SliceAssignment;
import com.tngtech.archunit.library.dependencies.SliceIdentifier;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/**
 * The core's doors, read from the compiled classes of every module (ArchUnit): what a suite may
 * import, and that the core's packages depend on each other one way only.
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
      String p = c.getPackageName();
      if (p.equals("io.hbench.core")) {
        return SliceIdentifier.of("io.hbench.core (the suite SPI)");
      }
      if (p.startsWith("io.hbench.core.")) {
        String rest = p.substring("io.hbench.core.".length());
        int dot = rest.indexOf('.');
        return SliceIdentifier.of("io.hbench.core." + (dot < 0 ? rest : rest.substring(0, dot)));
      }
      return SliceIdentifier.ignore();
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

  @Test
  void suitesImportNeitherTheEngineNorTheEmbeddingApi() {
    // Every module but the core and the CLI is a suite's (or a service's): a new one is covered.
    noClasses().that().resideOutsideOfPackages("io.hbench.core..", "io.hbench.cli..")
        .should().dependOnClassesThat()
        .resideInAnyPackage("io.hbench.core.engine..", "io.hbench.core.embed..")
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
