package io.hbench.core.size;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

class SizeTest {

  @ParameterizedTest
  @CsvSource({
    "10G, 10737418240",
    "512M, 536870912",
    "1.5T, 1649267441664",
    "4K, 4096",
    "4k, 4096",
    "100, 100",
    "1GB, 1073741824",
    "1GiB, 1073741824",
    "0.5K, 512",
    "' 64M ', 67108864"
  })
  void parsesBinaryUnits(String text, long bytes) {
    assertEquals(bytes, Size.parse(text).bytes());
  }

  @ParameterizedTest
  @ValueSource(strings = {"0", "0G", "-1G", "10X", "G", "", "1.5", "0.1K", "abc", "1..2", "9999999999T"})
  void rejectsMalformed(String text) {
    InvalidInputException e = assertThrows(InvalidInputException.class, () -> Size.parse(text));
    assertTrue(e.getMessage().contains("size"), e.getMessage());
  }

  @ParameterizedTest
  @CsvSource({"10737418240, 10G", "1610612736, 1536M", "100, 100", "1024, 1K"})
  void formatsShortestExactForm(long bytes, String text) {
    assertEquals(text, Size.ofBytes(bytes).toString());
  }

  @ParameterizedTest
  @ValueSource(strings = {"10X", "1Q"})
  void namesTheUnknownUnit(String text) {
    InvalidInputException e = assertThrows(InvalidInputException.class, () -> Size.parse(text));
    assertTrue(e.getMessage().contains("unknown unit"), e.getMessage());
  }
}
