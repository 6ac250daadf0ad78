package io.hbench.core;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.hbench.core.error.InvalidInputException;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The option types: each parses once, to its type, and names itself when it refuses a value. */
class BenchmarkOptionTest {

  enum Colour {
    RED,
    DARK_BLUE;

    String text() {
      return name().toLowerCase(java.util.Locale.ROOT).replace('_', '-');
    }
  }

  static final BenchmarkOption<Colour> COLOUR = BenchmarkOption.choice(
      "--colour", "COLOUR", "A colour.", "red", List.of(Colour.values()), Colour::text);
  static final BenchmarkOption<List<Integer>> COUNTS =
      BenchmarkOption.list("--counts", "N,...", "Counts.", "1", Integer::valueOf);
  static final BenchmarkOption<List<String>> TAGS =
      BenchmarkOption.list("--tags", "TAG,...", "Tags.", "", t -> t);
  static final BenchmarkOption<Duration> WAIT = BenchmarkOption.duration("--wait", "Wait.", "0");
  static final BenchmarkOption<Integer> ODD = BenchmarkOption.of("--odd", "N", "Odd.", "1", t -> {
    int n = Integer.parseInt(t);
    if (n % 2 == 0) {
      throw new InvalidInputException("invalid value '" + t + "': not odd");
    }
    return n;
  });

  private static String refused(BenchmarkOption<?> o, String text) {
    return assertThrows(InvalidInputException.class, () -> o.parse(text)).getMessage();
  }

  @Test
  void aChoiceIsTheValueItNames() {
    assertEquals(Colour.DARK_BLUE, COLOUR.parse("Dark-Blue"));
    assertEquals(Colour.RED, COLOUR.parse(" red "));
    assertEquals("invalid value 'green' for --colour: use red, dark-blue", refused(COLOUR, "green"));
    assertEquals("a|b", BenchmarkOption.choice("--x", "X.", "a", "a", "b").paramLabel());
    assertEquals("b", BenchmarkOption.choice("--x", "X.", "a", "a", "b").parse("B"));
  }

  @Test
  void aListParsesEachElement() {
    assertEquals(List.of(1, 20, 3), COUNTS.parse("1, 20,3"));
    assertEquals(List.of(), TAGS.parse(""));
    assertEquals("invalid value '' for --counts: give at least one", refused(COUNTS, ""));
    assertEquals("invalid value '1,,2' for --counts: an empty element in the list",
        refused(COUNTS, "1,,2"));
    BenchmarkOption<List<Colour>> colours = BenchmarkOption.list(
        "--colours", "C,...", "Colours.", "red", COLOUR::parse);
    assertEquals(List.of(Colour.RED, Colour.DARK_BLUE), colours.parse("red,dark-blue"));
    // An element's own error names the option that was given.
    assertEquals("--colours: invalid value 'pink' for --colour: use red, dark-blue",
        refused(colours, "red,pink"));
  }

  @Test
  void aDurationTakesAUnitAndSecondsByDefault() {
    assertEquals(Duration.ofMillis(500), WAIT.parse("500ms"));
    assertEquals(Duration.ofSeconds(30), WAIT.parse("30"));
    assertEquals(Duration.ofMinutes(5), WAIT.parse("5m"));
    assertEquals(Duration.ofMillis(1500), WAIT.parse("1.5s"));
    assertEquals(
        "invalid value 'soon' for --wait: give a duration such as 500ms, 30s, 5m or 1h",
        refused(WAIT, "soon"));
    assertEquals("invalid value '400d' for --wait: give a duration such as 500ms, 30s, 5m or 1h",
        refused(WAIT, "400d"));
  }

  @Test
  void aSuiteParserIsNamedInItsErrors() {
    assertEquals(7, ODD.parse("7"));
    assertEquals("--odd: invalid value '4': not odd", refused(ODD, "4"));
  }

  @Test
  void optionValuesHoldTypedValuesAndTheGivenText() {
    OptionValues v = OptionValues.parse(List.of(COLOUR, COUNTS, WAIT, ODD),
        Map.of("--counts", "2,4", "--wait", "1m"));
    assertEquals(Colour.RED, v.get(COLOUR));
    assertEquals(List.of(2, 4), v.get(COUNTS));
    assertEquals(Duration.ofMinutes(1), v.get(WAIT));
    assertEquals(Map.of("colour", "red", "counts", "2,4", "wait", "1m", "odd", "1"), v.asText());
    assertThrows(IllegalArgumentException.class, () -> v.get(TAGS));
    assertEquals("unknown option --size",
        assertThrows(InvalidInputException.class,
            () -> OptionValues.parse(List.of(COLOUR), Map.of("--size", "1"))).getMessage());
    assertNull(BenchmarkOption.integerOrAuto("--n", "N.", 1).parse("auto"));
  }
}
