package io.hbench.core.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import java.util.List;
import java.util.stream.Collectors;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class SizeRangeTest {

  private static String labels(String text) {
    return SizeRange.parse(text).sizes().stream().map(Size::toString).collect(Collectors.joining(","));
  }

  @Test
  void rangeStepsByItsStartLikeTheSeeds() {
    List<Size> sizes = SizeRange.parse("10G..200G").sizes();
    assertEquals(20, sizes.size());
    assertEquals("10G", sizes.get(0).toString());
    assertEquals("20G", sizes.get(1).toString());
    assertEquals("200G", sizes.get(19).toString());
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "64M; 64M",
        "32M..64M; 32M,64M",
        "10G..20G:5G; 10G,15G,20G",
        "1G,5G,10G; 1G,5G,10G",
        "5G,1G; 5G,1G",
        "1G..1G; 1G",
        "10G..25G; 10G,20G",
        "1M..2M:512K; 1M,1536K,2M"
      })
  void acceptedForms(String text, String expected) {
    assertEquals(expected, labels(text));
  }

  @ParameterizedTest
  @CsvSource(
      delimiter = ';',
      value = {
        "64M..32M; below the start",
        "10G..200G:0; greater than zero",
        "10G..200G:-1G; greater than zero",
        "0..10G; greater than zero",
        "-1G..10G; greater than zero",
        "10X..20G; unknown unit",
        "1G..10X; unknown unit",
        "1K..1G:1; more than 1000",
        "1G,,2G; missing",
        "1G..2G,3G; either a range",
        "..1G; missing",
        "1G..; missing"
      })
  void rejectedForms(String text, String reason) {
    InvalidInputException e = assertThrows(InvalidInputException.class, () -> SizeRange.parse(text));
    assertTrue(e.getMessage().contains(reason), e.getMessage());
    assertTrue(e.getMessage().contains(text.trim()) || e.getMessage().contains("size"), e.getMessage());
  }

  @Test
  void thousandPointsIsTheLimit() {
    assertEquals(1000, SizeRange.parse("1K..1000K").sizes().size());
    assertThrows(InvalidInputException.class, () -> SizeRange.parse("1K..1001K"));
  }

  @Test
  void longListIsRejected() {
    String list = String.join(",", java.util.Collections.nCopies(1001, "1K"));
    assertThrows(InvalidInputException.class, () -> SizeRange.parse(list));
  }
}
