package io.hbench.hive;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.Set;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;

/**
 * The answers hbench computes from the generator's rows against the tpch library's SF 0.01
 * answer files: two sources that share only the generator agree, so either would catch the
 * other's mistake.
 */
class TpchReferenceTest {

  private static Map<Integer, Map<String, String>> parameters(
      java.util.function.IntFunction<Map<String, String>> of) {
    Map<Integer, Map<String, String>> out = new java.util.TreeMap<>();
    TpchReference.QUERIES.forEach(q -> out.put(q, of.apply(q)));
    return out;
  }

  private static Map<Integer, Map<String, String>> validation(double scale) {
    return parameters(q -> TpchQueries.validationParameters(q, scale));
  }

  private static List<String> columns(int n) {
    return IntStream.rangeClosed(1, n).mapToObj(i -> "c" + i).toList();
  }

  @Test
  void theComputedAnswersAreTheLibrarysAtSf001() throws Exception {
    Map<Integer, List<String[]>> computed =
        TpchReference.answers(0.01, TpchReference.QUERIES, validation(0.01));
    assertEquals(TpchReference.QUERIES, computed.keySet());
    for (int q : TpchReference.QUERIES) {
      List<String[]> rows = computed.get(q);
      assertNull(TpchAnswers.compare(q, columns(rows.get(0).length), rows,
          TpchAnswers.expected(q), TpchAnswers.LIBRARY_ANSWER), "q" + q);
    }
    // q1: four groups, the shape the query defines; q3: its top ten.
    assertEquals(4, computed.get(1).size());
    assertEquals(10, computed.get(1).get(0).length);
    assertEquals(10, computed.get(3).size());
  }

  @Test
  void aChangedFigureIsNamedAgainstTheComputedAnswer() throws Exception {
    Map<Integer, List<String[]>> computed =
        TpchReference.answers(0.01, Set.of(6), validation(0.01));
    List<String[]> hive = new ArrayList<>();
    for (String[] r : computed.get(6)) {
      hive.add(Arrays.copyOf(r, r.length));
    }
    // A sum may be off by 100 currency units, not by more.
    hive.get(0)[0] = new java.math.BigDecimal(hive.get(0)[0]).add(new java.math.BigDecimal("150"))
        .toPlainString();
    String wrong = TpchAnswers.compare(6, List.of("revenue"), hive, computed.get(6),
        TpchAnswers.COMPUTED_ANSWER);
    assertTrue(wrong != null && wrong.startsWith("q6: row 1, column 1 (revenue): got ")
        && wrong.contains("the answer computed from the generator's rows has"), wrong);
  }

  @Test
  void otherParametersGiveOtherAnswersAndOnlyTheQueriesAsked() {
    Map<Integer, Map<String, String>> random =
        parameters(q -> TpchQueries.randomParameters(q, 0.01, new Random(7)));
    Map<Integer, List<String[]>> a = TpchReference.answers(0.01, Set.of(6, 14), random);
    Map<Integer, List<String[]>> b = TpchReference.answers(0.01, Set.of(6, 14), validation(0.01));
    assertEquals(Set.of(6, 14), a.keySet());
    assertTrue(!a.get(6).get(0)[0].equals(b.get(6).get(0)[0]) || !a.get(14).get(0)[0]
        .equals(b.get(14).get(0)[0]), "the same answers for other parameters");
    assertEquals(Map.of(), TpchReference.answers(0.01, Set.of(2, 5), validation(0.01)));
  }
}
