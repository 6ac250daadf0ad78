package io.hbench.core.result;

import io.hbench.thirdparty.jackson.annotation.JsonInclude;
import io.hbench.thirdparty.jackson.annotation.JsonProperty;
import java.util.List;

/**
 * The JVMs a phase's job ran in, as its ApplicationMaster and tasks reported them from inside
 * (not as the client supposes): each distinct kind once, with how many reported it. A phase's
 * figure {@code jvms}; {@code compare} names a difference in them between two runs.
 *
 * @param am the ApplicationMaster's (absent in MapReduce's local runner, which has none)
 * @param tasks the map and reduce tasks'
 */
@JsonInclude(JsonInclude.Include.NON_EMPTY)
public record JobJvms(
    @JsonProperty("am") List<Jvm> am,
    @JsonProperty("tasks") List<Jvm> tasks) {

  /** The figure's field. */
  public static final Field<JobJvms> FIELD = Field.json("jvms", JobJvms.class);

  /**
   * One kind of JVM.
   *
   * @param java {@code java.version} and vendor, as {@code 17.0.15 (Eclipse Adoptium)}
   * @param javaHome {@code java.home}: where the running Java is installed
   * @param hadoop the Hadoop version of the classes it loaded
   * @param addOpens whether it was started with Java 17's {@code --add-opens} for
   *     {@code java.base/java.lang}
   * @param count how many attempts reported it, failed ones included
   */
  public record Jvm(
      @JsonProperty("java") String java,
      @JsonProperty("java_home") String javaHome,
      @JsonProperty("hadoop") String hadoop,
      @JsonProperty("add_opens") boolean addOpens,
      @JsonProperty("count") int count) {

    /** What tells two kinds apart in a comparison: all but the count. */
    public String text() {
      return java + " at " + javaHome + ", Hadoop " + hadoop + (addOpens ? ", add-opens" : "");
    }
  }
}
