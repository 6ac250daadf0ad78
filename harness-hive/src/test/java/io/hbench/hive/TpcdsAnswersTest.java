package io.hbench.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.sql.SQLException;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The TPC-DS answer comparison, the query names --queries takes, and what counts unsupported. */
class TpcdsAnswersTest {

  private static final List<String> COLUMNS = List.of("brand", "price");

  private static List<String[]> rows(String... rows) {
    List<String[]> out = new ArrayList<>();
    for (String r : rows) {
      String[] v = r.split(",", -1);
      for (int i = 0; i < v.length; i++) {
        v[i] = v[i].equals("NULL") ? null : v[i];
      }
      out.add(v);
    }
    return out;
  }

  private static TpcdsReference.Expected expected(int limit, String... rows) {
    return new TpcdsReference.Expected(rows(rows), limit, new int[] {1});
  }

  @Test
  void valuesMatchToTheCentAndStringsWithoutTrailingBlanks() {
    TpcdsReference.Expected want = expected(0, "a,10.00", "b,2.50");
    assertNull(TpcdsAnswers.compare("q1", COLUMNS, rows("a   ,10", "b,2.5000001"), want));
    assertEquals("q1: row 2, column 2 (price): got 2.51, the answer computed from the"
        + " generator's rows has 2.50",
        TpcdsAnswers.compare("q1", COLUMNS, rows("a,10", "b,2.51"), want));
    assertEquals("q1: 1 rows, the answer computed from the generator's rows has 2",
        TpcdsAnswers.compare("q1", COLUMNS, rows("a,10"), want));
    assertFalse(TpcdsAnswers.matches(null, "0"));
    assertTrue(TpcdsAnswers.matches(null, null));
    assertTrue(TpcdsAnswers.matches("12.3456789", "12.345679"));
    assertFalse(TpcdsAnswers.matches("12.3466789", "12.345679"));
  }

  @Test
  void rowsTiedOnTheOrderMayComeInAnyOrderAndTheLimitMayCutTheirGroup() {
    // Ordered by price: a and b tie at 1; the limit of 2 cuts the group of c, d and e at 3.
    TpcdsReference.Expected want = expected(0, "a,1", "b,1", "c,3");
    assertNull(TpcdsAnswers.compare("q2", COLUMNS, rows("b,1", "a,1", "c,3"), want));
    assertTrue(TpcdsAnswers.compare("q2", COLUMNS, rows("c,3", "a,1", "b,1"), want)
        .startsWith("q2: row 1, column 1 (brand): got c"));
    TpcdsReference.Expected cut = expected(3, "a,1", "c,3", "d,3", "e,3");
    assertNull(TpcdsAnswers.compare("q2", COLUMNS, rows("a,1", "e,3", "c,3"), cut));
    assertTrue(TpcdsAnswers.compare("q2", COLUMNS, rows("a,1", "e,3", "f,3"), cut)
        .startsWith("q2: row 3, column 1 (brand): got f"));
  }

  @Test
  void queriesAreNamedAsTheSpecNumbersThem() {
    assertEquals(103, TpcdsQueries.ALL.size());
    assertEquals(List.of("q3", "q14a", "q14b", "q23b"), TpcdsOptions.queries("3,14,q23b"));
    assertEquals(List.of("q13", "q14a", "q14b", "q15"), TpcdsOptions.queries("13-15"));
    assertEquals(List.of("q14b", "q15"), TpcdsOptions.queries("14b-15"));
    assertEquals(TpcdsQueries.ALL, TpcdsOptions.queries("all"));
    for (String q : TpcdsQueries.ALL) {
      String text = TpcdsQueries.text(q);
      assertTrue(text.regionMatches(true, 0, "select", 0, 6)
          || text.regionMatches(true, 0, "with", 0, 4), q);
      assertFalse(text.contains(";"), q);
    }
  }

  @Test
  void onlyACompileErrorMakesAQueryUnsupported() {
    assertTrue(TpcdsBenchmark.compileError(new SQLException("Error while compiling statement:"
        + " FAILED: ParseException line 10:27 cannot recognize input near ')' ',' 'x'")));
    // What the embedded server says of an EXPLAIN it compiled but could not run.
    assertFalse(TpcdsBenchmark.compileError(new SQLException("Error running query")));
    assertEquals(Arrays.asList("q3", "q7"), TpcdsQueries.streamOrder(0, List.of("q3", "q7")));
  }
}
