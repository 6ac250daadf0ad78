package io.hbench.core.annotation;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A public type that is not part of hbench's API: public only because another of the core's
 * packages, the CLI, Hadoop's reflection or {@code ServiceLoader} needs it, as Java has no
 * visibility between "package" and "everyone" for a jar that Hadoop's class path loads. A suite,
 * an embedder or a reader of results never uses it; it may change in any release. hbench's API is
 * its doors, with every type their public or protected signatures reach: the suite SPI,
 * embedding ({@code io.hbench.core.embed}, and the instrumented file system as a library) and the
 * read side ({@code io.hbench.core.report}'s readers and tables, the statistics behind its
 * comparisons, the records of {@code io.hbench.core.result}). As Hadoop's
 * {@code @InterfaceAudience.Private} and Flink's {@code @Internal}; an architecture test keeps
 * the two apart.
 */
@Documented
@Retention(RetentionPolicy.CLASS)
@Target(ElementType.TYPE)
public @interface Internal {}
