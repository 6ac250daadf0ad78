package io.hbench.core.load;

import java.util.ArrayList;
import java.util.List;

/**
 * Each client thread's spans without a successful call of a load: from a successful call's end
 * (or the load's start) to the next successful call's end (or the load's end), kept when at least
 * {@code minMillis} long. From them, the exact unavailability of {@code docs/disrupt.md}: the
 * longest span in which no client at all succeeded, and the longest any one client went without.
 * Spans are ms since the epoch; clients of several processes add up as more clients.
 *
 * @param minMillis the shortest span kept: shorter ones are a load's ordinary spacing
 * @param clients per client, its spans in time order, each {@code [start, end]}
 */
public record Outages(long minMillis, List<List<long[]>> clients) {

  /** The most spans one client keeps; a load with more keeps its first ones. */
  public static final int MAX_PER_CLIENT = 4096;

  public Outages {
    clients = List.copyOf(clients);
  }

  /** The spans of several processes' clients, as one load's. */
  public static Outages merge(List<Outages> parts) {
    List<List<long[]>> all = new ArrayList<>();
    long min = 0;
    for (Outages o : parts) {
      if (o == null) {
        return null;
      }
      all.addAll(o.clients());
      min = Math.max(min, o.minMillis());
    }
    return parts.isEmpty() ? null : new Outages(min, all);
  }

  /**
   * The spans of one process's clients over its attempts, in order (a map task started again
   * after its container was killed): client {@code t} of each attempt is client {@code t} of the
   * task, and the time between one attempt's last call ({@code ends[i]}) and the next one's first
   * ({@code starts[i + 1]}) is a span without success for each of them.
   */
  public static Outages continued(List<Outages> attempts, long[] starts, long[] ends) {
    if (attempts.isEmpty() || attempts.stream().anyMatch(java.util.Objects::isNull)) {
      return null;
    }
    long min = 0;
    int clients = 0;
    for (Outages o : attempts) {
      min = Math.max(min, o.minMillis());
      clients = Math.max(clients, o.clients().size());
    }
    List<List<long[]>> all = new ArrayList<>();
    for (int t = 0; t < clients; t++) {
      List<long[]> spans = new ArrayList<>();
      for (int a = 0; a < attempts.size(); a++) {
        if (a > 0 && starts[a] > ends[a - 1]) {
          spans.add(new long[] {ends[a - 1], starts[a]});
        }
        if (t < attempts.get(a).clients().size()) {
          spans.addAll(attempts.get(a).clients().get(t));
        }
      }
      spans.sort(java.util.Comparator.comparingLong(s -> s[0]));
      List<long[]> joined = new ArrayList<>();
      for (long[] s : spans) {
        long[] last = joined.isEmpty() ? null : joined.get(joined.size() - 1);
        if (last != null && s[0] <= last[1]) {
          last[1] = Math.max(last[1], s[1]);
        } else {
          joined.add(new long[] {s[0], s[1]});
        }
      }
      joined.removeIf(s -> s[1] - s[0] < 1);
      all.add(joined);
    }
    return new Outages(min, all);
  }

  /**
   * The longest span in which no client succeeded that reaches into {@code [from, to)}, ms: from
   * the last success before it to the first after it (cut at {@code to}). 0 when there was none
   * of at least {@link #minMillis}.
   */
  public long overallMillis(long from, long to) {
    long[] span = overall(from, to);
    return span == null ? 0 : span[1] - span[0];
  }

  /**
   * The span of {@link #overallMillis}, {@code [start, end]} ms since the epoch with the end cut
   * at {@code to}, or null when there was none.
   */
  public long[] overall(long from, long to) {
    if (clients.isEmpty()) {
      return null;
    }
    List<long[]> common = clients.get(0);
    for (int c = 1; c < clients.size() && !common.isEmpty(); c++) {
      common = intersect(common, clients.get(c));
    }
    long[] best = null;
    for (long[] s : common) {
      if (s[1] > from && s[0] < to) {
        long[] cut = {s[0], Math.min(s[1], to)};
        if (cut[1] - cut[0] >= minMillis && (best == null || cut[1] - cut[0] > best[1] - best[0])) {
          best = cut;
        }
      }
    }
    return best;
  }

  /** The longest span reaching into {@code [from, to)} that one client went without, ms. */
  public long worstClientMillis(long from, long to) {
    long worst = 0;
    for (List<long[]> spans : clients) {
      worst = Math.max(worst, longest(spans, from, to));
    }
    return worst;
  }

  private long longest(List<long[]> spans, long from, long to) {
    long best = 0;
    for (long[] s : spans) {
      if (s[1] > from && s[0] < to) {
        long length = Math.min(s[1], to) - s[0];
        if (length >= minMillis) {
          best = Math.max(best, length);
        }
      }
    }
    return best;
  }

  /** The times inside a span of both lists, each in time order and not overlapping. */
  private static List<long[]> intersect(List<long[]> a, List<long[]> b) {
    List<long[]> out = new ArrayList<>();
    int i = 0;
    int j = 0;
    while (i < a.size() && j < b.size()) {
      long start = Math.max(a.get(i)[0], b.get(j)[0]);
      long end = Math.min(a.get(i)[1], b.get(j)[1]);
      if (start < end) {
        out.add(new long[] {start, end});
      }
      if (a.get(i)[1] < b.get(j)[1]) {
        i++;
      } else {
        j++;
      }
    }
    return out;
  }

  /** One client's spans as text: {@code start-end start-end ...}. */
  static String toText(List<long[]> spans) {
    StringBuilder b = new StringBuilder();
    for (long[] s : spans) {
      b.append(b.length() == 0 ? "" : " ").append(s[0]).append('-').append(s[1]);
    }
    return b.toString();
  }

  /** Reads what {@link #toText} wrote. */
  static List<long[]> parseText(String text) {
    List<long[]> out = new ArrayList<>();
    for (String f : text.trim().split(" ")) {
      if (!f.isEmpty()) {
        int dash = f.indexOf('-', 1);
        out.add(new long[] {Long.parseLong(f.substring(0, dash)),
            Long.parseLong(f.substring(dash + 1))});
      }
    }
    return out;
  }
}
