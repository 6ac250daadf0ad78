package io.hbench.core.load;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import org.junit.jupiter.api.Test;

/** Unavailability from each client's spans without a success. */
class OutagesTest {

  private static List<long[]> spans(long... bounds) {
    List<long[]> out = new java.util.ArrayList<>();
    for (int i = 0; i < bounds.length; i += 2) {
      out.add(new long[] {bounds[i], bounds[i + 1]});
    }
    return out;
  }

  @Test
  void theLoadIsUnavailableOnlyWhileNoClientSucceeds() {
    // Client 0 without a success from 1000 to 4000 ms, client 1 from 1500 to 3000 and from
    // 3500 to 5000: no one succeeded from 1500 to 3000 and from 3500 to 4000.
    Outages o = new Outages(100, List.of(spans(1000, 4000), spans(1500, 3000, 3500, 5000)));
    assertArrayEquals(new long[] {1500, 3000}, o.overall(1200, 10_000));
    assertEquals(1500, o.overallMillis(1200, 10_000));
    assertEquals(3000, o.worstClientMillis(1200, 10_000));
    // A window that starts inside the span still sees it whole, from the last success before.
    assertEquals(1500, o.overallMillis(2000, 10_000));
    // The window's end cuts it: the load went on without a success past it.
    assertEquals(500, o.overallMillis(1200, 2000));
    // A window after it sees only the shorter one.
    assertEquals(500, o.overallMillis(3200, 10_000));
  }

  @Test
  void aClientThatKeptSucceedingMeansNoUnavailability() {
    Outages o = new Outages(100, List.of(spans(1000, 4000), spans()));
    assertNull(o.overall(0, 10_000));
    assertEquals(0, o.overallMillis(0, 10_000));
    assertEquals(3000, o.worstClientMillis(0, 10_000));
    // Spans shorter than the least kept are the load's ordinary spacing.
    assertEquals(0, new Outages(5000, List.of(spans(1000, 4000))).worstClientMillis(0, 10_000));
  }

  @Test
  void tasksAddClientsAndTheirSpansSurviveTheirText() {
    List<long[]> a = spans(1000, 4000, 6000, 6500);
    assertEquals("1000-4000 6000-6500", Outages.toText(a));
    assertArrayEquals(a.get(1), Outages.parseText("1000-4000 6000-6500").get(1));
    Outages merged = Outages.merge(List.of(new Outages(100, List.of(a)),
        new Outages(200, List.of(spans(2000, 3000)))));
    assertEquals(2, merged.clients().size());
    assertEquals(200, merged.minMillis());
    assertEquals(1000, merged.overallMillis(0, 10_000));
    assertNull(Outages.merge(java.util.Arrays.asList(new Outages(100, List.of(a)), null)),
        "a process that kept none leaves the load's unknown");
  }

  @Test
  void aRestartedTasksClientsWentWithoutFromItsLastCallToTheNextAttemptsFirst() {
    // Attempt 0 called from 0 to 10,000 ms (client 0 without a success 2000-2500); attempt 1
    // from 14,000 ms, its client 0's first success at 14,300 (a span from its own start, 13,800).
    Outages killed = new Outages(100, List.of(spans(2000, 2500), spans()));
    Outages next = new Outages(100, List.of(spans(13_800, 14_300), spans()));
    Outages task = Outages.continued(List.of(killed, next), new long[] {0, 14_000},
        new long[] {10_000, 20_000});
    assertEquals(2, task.clients().size(), "its clients counted once");
    assertEquals("2000-2500 10000-14300", Outages.toText(task.clients().get(0)));
    assertEquals("10000-14000", Outages.toText(task.clients().get(1)));
    assertEquals(4300, task.worstClientMillis(0, 30_000));
    assertEquals(4000, task.overallMillis(0, 30_000));
    assertNull(Outages.continued(java.util.Arrays.asList(killed, null), new long[2], new long[2]));
  }
}
