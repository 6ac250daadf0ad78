package io.hbench.core.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.result.Metric;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.Set;
import org.junit.jupiter.api.Test;

class ChartHtmlTest {

  @Test
  void eachBarIsItsValueAgainstTheLargestAndAMarkedOneSaysWhy() {
    String h = ChartHtml.of(new Chart.Bars("write: MB/s per DataNode", "MB/s",
        List.of("a", "b", "c"), List.of(200.0, 50.0, 100.0), Map.of("b", "outlier <slow>"),
        "Red: named."), "nightly");
    assertTrue(h.startsWith("<div class=\"chart own\"><h3>write: MB/s per DataNode · nightly</h3>"),
        h);
    assertTrue(h.contains("<tr><th>a</th><td class=\"bar\"><span style=\"width:100.0%\">"
        + "</span></td><td>200.0 MB/s</td></tr>"), h);
    assertTrue(h.contains("<tr class=\"marked\" title=\"outlier &lt;slow&gt;\"><th>b</th>"
        + "<td class=\"bar\"><span style=\"width:25.0%\"></span></td><td>50.0 MB/s · outlier"
        + " &lt;slow&gt;</td></tr>"), h);
    assertTrue(h.contains("width:50.0%"), h);
    assertTrue(h.endsWith("<p class=\"note\">Red: named.</p></div>\n"), h);
  }

  @Test
  void aHeatMapColoursEachCellByItsShareOfTheBestWithNoCellWhereThereIsNone() {
    String h = ChartHtml.of(new Chart.HeatMap("pairs", "MB/s", Metric.Better.HIGHER,
        List.of("a", "b"), List.of("a", "b"), List.of(Arrays.asList(null, 10.0),
            Arrays.asList(40.0, null)), Set.of("a"), null), null);
    assertTrue(h.contains("<thead><tr><th></th><th class=\"marked\">a</th><th>b</th></tr>"), h);
    assertTrue(h.contains("<tr><th class=\"marked\">a</th><td class=\"none\"></td>"
        + "<td style=\"background:hsl(30, 70%, 80%)\" title=\"a \u2192 b: 10.0 MB/s\">10.0</td>"),
        h);
    assertTrue(h.contains("<td style=\"background:hsl(120, 70%, 80%)\" title=\"b \u2192 a:"
        + " 40.0 MB/s\">40.0</td><td class=\"none\"></td></tr>"), h);
    // Lower is better: a cell four times the best has a quarter of its worth.
    assertEquals("hsl(30, 70%, 80%)", ChartHtml.colour(40, 10, 40, Metric.Better.LOWER));
    assertEquals("hsl(120, 70%, 80%)", ChartHtml.colour(10, 10, 40, Metric.Better.LOWER));
    assertEquals("hsl(120, 70%, 80%)", ChartHtml.colour(7, 7, 7, Metric.Better.HIGHER));
    // A healthy matrix, cells within 10% of each other, is green throughout.
    assertEquals("hsl(108, 70%, 80%)", ChartHtml.colour(90, 90, 100, Metric.Better.HIGHER));
  }

  @Test
  void aChartWhoseShapeDoesNotAddUpIsRefused() {
    assertThrows(IllegalArgumentException.class, () -> new Chart.Bars("t", "u", List.of("a"),
        List.of(), Map.of(), null));
    assertThrows(IllegalArgumentException.class, () -> new Chart.HeatMap("t", "u",
        Metric.Better.HIGHER, List.of("a"), List.of("a", "b"), List.of(List.of(1.0)), Set.of(),
        null));
  }
}
