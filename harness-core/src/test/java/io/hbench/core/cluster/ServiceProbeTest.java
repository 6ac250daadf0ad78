package io.hbench.core.cluster;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hbench.core.error.InvalidInputException;
import java.util.concurrent.CountDownLatch;
import org.junit.jupiter.api.Test;

class ServiceProbeTest {

  @Test
  void theAnswerComesBack() throws Exception {
    assertEquals("4.0.1", ServiceProbe.ask("x", 5, () -> "4.0.1", "silent", c -> "failed"));
  }

  @Test
  void aFailedQuestionIsTheFailureLineOfItsCause() {
    InvalidInputException e = assertThrows(InvalidInputException.class, () -> ServiceProbe.ask(
        "x", 5, () -> {
          throw new java.net.ConnectException("Connection refused");
        }, "silent", c -> "x: cannot connect: " + c.getMessage()));
    assertEquals("x: cannot connect: Connection refused", e.getMessage());
  }

  @Test
  void aQuestionThatHangsIsTheSilentLineAfterTheLimit() {
    CountDownLatch never = new CountDownLatch(1);
    InvalidInputException e = assertThrows(InvalidInputException.class, () -> ServiceProbe.ask(
        "x", 1, () -> {
          never.await();
          return "late";
        }, "x: no answer within 1 s", c -> "failed"));
    assertEquals("x: no answer within 1 s", e.getMessage());
  }
}
