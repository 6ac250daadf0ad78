package io.hbench.core.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import org.junit.jupiter.api.Test;

class ValidationTest {

  @Test
  void statusFollowsTheChecks() {
    assertEquals("not_run", Validation.of(List.of()).status());
    assertEquals("passed", Validation.of(List.of(new Check("a", true, ""))).status());
    assertEquals(
        "failed",
        Validation.of(List.of(new Check("a", true, ""), new Check("b", false, ""))).status());
  }

  @Test
  void megabytesPerSecondUsesMebibytes() {
    assertEquals(2.0, PhaseResult.mbPerSecond(4L * 1024 * 1024, 2.0), 1e-9);
    assertEquals(0.0, PhaseResult.mbPerSecond(100, 0), 1e-9);
  }
}
