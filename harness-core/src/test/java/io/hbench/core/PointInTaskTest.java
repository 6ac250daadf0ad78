package io.hbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.cluster.Needs;
import io.hbench.core.result.Field;
import io.hbench.core.result.SecretRedactor;
import io.hbench.core.size.Size;
import java.io.IOException;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

/**
 * A task reads the point it works for back typed, from what the client put in the job's
 * configuration: the suite's options parsed with its own declarations, the point found again,
 * the parameters recorded before the job; a secret option's text never in the configuration.
 */
class PointInTaskTest {

  /** A suite with a size, a count, a password and points made from them; found by its class. */
  public static final class Sized implements Benchmark {
    static final BenchmarkOption<Size> SIZE = BenchmarkOption.size("--size", "Size.", "1M");
    static final BenchmarkOption<Integer> FILES = BenchmarkOption.integer("--files", "Files.", "1", 1);
    static final BenchmarkOption<String> PASSWORD =
        BenchmarkOption.text("--password", "PW", "A secret.", "");
    static final Field<Long> BYTES = Field.of("bytes", Long.class);
    static final Field<String> DATA = Field.of("data_dir", String.class);

    @Override
    public String name() {
      return "sized";
    }

    @Override
    public String description() {
      return "test";
    }

    @Override
    public List<BenchmarkOption<?>> options() {
      return List.of(SIZE, FILES, PASSWORD);
    }

    @Override
    public Needs needs(OptionValues options) {
      return Needs.localDirectory("/tmp");
    }

    @Override
    public List<Point> points(OptionValues o) {
      return List.of(Point.of("small").with(BYTES, 1L),
          Point.of("whole").with(BYTES, o.get(SIZE).bytes() * o.get(FILES)));
    }

    @Override
    public void run(Point point, OptionValues options, RunContext ctx) {}
  }

  private static Configuration carrying(Map<String, List<String>> options) throws IOException {
    Configuration conf = new Configuration(false);
    Map<String, Object> params = new LinkedHashMap<>();
    params.put("bytes", 6_291_456L);
    params.put("data_dir", "/b/data");
    PointInTask.put(conf, new PointInTask.Identity(Sized.class.getName(), options, "whole",
        params, "hdfs://nn:8020/b", "hdfs://nn:8020/b/run-1/whole", "run-1"));
    return conf;
  }

  @Test
  void aTaskReadsTheOptionsThePointAndTheRecordedParametersTyped() throws IOException {
    Configuration conf = carrying(Map.of("--size", List.of("2M"), "--files", List.of("3")));
    PointInTask at = PointInTask.of(conf);
    assertEquals(Size.parse("2M"), at.options().get(Sized.SIZE));
    assertEquals(3, at.options().get(Sized.FILES));
    assertEquals("", at.options().get(Sized.PASSWORD));
    assertEquals(6_291_456L, at.point().get(Sized.BYTES));
    assertEquals("whole", at.point().label());
    assertEquals("/b/data", at.param(Sized.DATA));
    assertNull(at.param(Field.of("absent", String.class)));
    assertEquals("hdfs://nn:8020/b", at.baseDirectory().toString());
    assertEquals("hdfs://nn:8020/b/run-1/whole", at.pointDirectory().toString());
  }

  @Test
  void aSecretOptionNeverReachesTheJobsConfiguration() throws IOException {
    Configuration conf = carrying(Map.of("--password", List.of("hunter2-very-secret")));
    assertFalse(conf.get(PointInTask.KEY).contains("hunter2"), conf.get(PointInTask.KEY));
    assertEquals(SecretRedactor.REDACTED, PointInTask.of(conf).options().get(Sized.PASSWORD));
  }

  @Test
  void aJobHbenchDidNotRunSaysSo() {
    IOException e = assertThrows(IOException.class,
        () -> PointInTask.of(new Configuration(false)));
    assertTrue(e.getMessage().contains("no hbench.point"), e.getMessage());
  }
}
