package io.hbench.core.stats;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.thirdparty.jackson.databind.JsonNode;
import io.hbench.thirdparty.jackson.databind.ObjectMapper;
import java.io.InputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/**
 * The change points of Apache Otava's own test fixtures (src/test/resources/otava, copied from
 * its tests at the commit named there): the same series and options give the same indices, and
 * the levels and p-values Otava prints for them. And on noise, changes are as rare as the
 * p-value says.
 */
class ChangePointsTest {

  static JsonNode fixtures() throws Exception {
    try (InputStream in = ChangePointsTest.class.getResourceAsStream("/otava/fixtures.json")) {
      return new ObjectMapper().readTree(in);
    }
  }

  static double[] series(JsonNode array) {
    double[] x = new double[array.size()];
    for (int i = 0; i < x.length; i++) {
      x[i] = array.get(i).asDouble();
    }
    return x;
  }

  static List<Integer> ints(JsonNode array) {
    List<Integer> out = new ArrayList<>();
    array.forEach(v -> out.add(v.asInt()));
    return out;
  }

  static List<Integer> indices(List<ChangePoints.Change> changes) {
    return changes.stream().map(ChangePoints.Change::index).toList();
  }

  static List<ChangePoints.Change> find(double[] x, JsonNode c) {
    return ChangePoints.find(x, new ChangePoints.Options(c.get("window_len").asInt(),
        c.get("max_pvalue").asDouble(), c.get("min_magnitude").asDouble()));
  }

  /** tests/tigerbeetle_test.py: 365 nightly runs, ten parameter sets. */
  @Test
  void tigerbeetleAsOtavaFindsIt() throws Exception {
    JsonNode f = fixtures();
    double[] x = series(f.get("tigerbeetle"));
    assertEquals(365, x.length);
    for (JsonNode c : f.get("tigerbeetle_cases")) {
      assertEquals(ints(c.get("expected")), indices(find(x, c)), c.get("test").asText());
    }
  }

  /** The levels and p-values Otava computes for test_tb_old_defaults' two changes. */
  @Test
  void tigerbeetlesLevelsAndPValuesAreOtavas() throws Exception {
    double[] x = series(fixtures().get("tigerbeetle"));
    List<ChangePoints.Change> c = ChangePoints.find(x, new ChangePoints.Options(30, 0.01, 0.05));
    ChangePoints.Change first = c.get(0);
    assertEquals(15, first.index());
    assertEquals(26000.666666666668, first.meanBefore());
    assertEquals(23593.18181818182, first.meanAfter());
    assertEquals(2764.4129615927905, first.stdBefore());
    assertEquals(104.26174944194163, first.stdAfter());
    assertEquals(0.00841316563982941, first.pValue(), 1e-12);
    assertEquals(-9.259319691103485, first.forwardChangePercent(), 1e-12);
    assertEquals(0.10204155026811801, first.magnitude(), 1e-15);
    ChangePoints.Change second = c.get(1);
    assertEquals(71, second.index());
    assertEquals(23828.76785714286, second.meanBefore());
    assertEquals(28431.75, second.meanAfter());
    assertEquals(3.03506560423744e-67, second.pValue(), 3.03506560423744e-67 * 1e-9);
    assertEquals(19.316912105790497, second.forwardChangePercent(), 1e-12);
  }

  /** tests/analysis_test.py::test_single_series: one step, window 10. */
  @Test
  void aStepAsOtavaFindsIt() throws Exception {
    JsonNode s = fixtures().get("step");
    List<ChangePoints.Change> c = find(series(s.get("series")), s);
    assertEquals(ints(s.get("expected")), indices(c));
    assertEquals(1.004, c.get(0).meanBefore(), 1e-15);
    assertEquals(0.501, c.get(0).meanAfter(), 1e-15);
    assertEquals(1.427172838990008e-17, c.get(0).pValue(), 1e-26);
  }

  /** tests/series_test.py: short series at Otava's defaults, one with a level of zero. */
  @Test
  void shortSeriesAsOtavaFindsThem() throws Exception {
    JsonNode t = fixtures().get("series_test");
    for (JsonNode c : t.get("cases")) {
      double[] x = series(t.get("series").get(c.get("series").asText()));
      assertEquals(ints(c.get("expected")), indices(find(x, c)), c.toString());
    }
  }

  /** tests/change_point_divisive_test.py::test_ttest: the bisection alone on the whole series. */
  @Test
  void theBisectionAloneAsOtavasDetectorFindsIt() throws Exception {
    JsonNode d = fixtures().get("divisive_sequence");
    assertEquals(ints(d.get("expected")),
        indices(ChangePoints.detect(series(d.get("series")), d.get("max_pvalue").asDouble())));
  }

  /**
   * 200 seeded series of 50 runs of pure noise raise a change in at most 2 x p of them, at p
   * 0.01 and 0.05 (at 0.001 the bound, 0.4 of 200, would allow none, which a calibrated test
   * still breaks one time in six), once each change is confirmed by the permutation tests.
   * Otava's t-test of the best split alone is not calibrated: it finds more.
   */
  @Test
  void noiseRaisesAsFewConfirmedChangesAsThePValueAllows() {
    for (double p : new double[] {0.01, 0.05}) {
      SplittableRandom random = new SplittableRandom(42);
      int found = 0;
      int confirmed = 0;
      for (int s = 0; s < 200; s++) {
        double[] x = new double[50];
        for (int i = 0; i < x.length; i++) {
          x[i] = 1000 + 30 * gaussian(random);
        }
        List<ChangePoints.Change> c = ChangePoints.find(x, new ChangePoints.Options(50, p, 0.0));
        found += c.isEmpty() ? 0 : 1;
        confirmed += ChangePoints.confirmed(x, c, p).isEmpty() ? 0 : 1;
      }
      assertTrue(confirmed <= 2 * p * 200, confirmed + " of 200 noise series changed at p " + p);
      assertTrue(found > 2 * p * 200, "Otava's test alone: " + found + " of 200 at p " + p);
    }
  }

  /** A 10% drop from run 20 of 30, in noise of 2%: found at run 20. */
  @Test
  void aTenPercentDropInNoiseIsFoundWhereItHappened() {
    SplittableRandom random = new SplittableRandom(7);
    double[] x = new double[30];
    for (int i = 0; i < x.length; i++) {
      x[i] = (i < 20 ? 100 : 90) * (1 + 0.02 * gaussian(random));
    }
    List<ChangePoints.Change> c = ChangePoints.find(x, ChangePoints.Options.DEFAULT);
    assertEquals(List.of(20), indices(c));
    assertEquals(c, ChangePoints.confirmed(x, c, 0.001), "and confirmed");
    assertEquals(-10, c.get(0).forwardChangePercent(), 2.5);
  }

  static double gaussian(SplittableRandom r) {
    // Box-Muller: the same numbers for the same seed on every JVM.
    return Math.sqrt(-2 * Math.log(1 - r.nextDouble())) * Math.cos(2 * Math.PI * r.nextDouble());
  }
}
