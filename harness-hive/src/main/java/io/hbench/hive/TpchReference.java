package io.hbench.hive;

import io.trino.tpch.Customer;
import io.trino.tpch.CustomerGenerator;
import io.trino.tpch.GenerateUtils;
import io.trino.tpch.LineItem;
import io.trino.tpch.LineItemGenerator;
import io.trino.tpch.Order;
import io.trino.tpch.OrderGenerator;
import io.trino.tpch.Part;
import io.trino.tpch.PartGenerator;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;

/**
 * The answers of a few TPC-H queries computed in plain Java over the rows of the tpch library's
 * generator, the same rows the database was loaded with, from the spec's definitions of the
 * queries (clause 2.4): neither Hive nor hbench's query text takes part, so an engine's wrong
 * answer or a mistake in a query's text shows. Money is exact (cents, percents), as Hive's
 * DECIMAL columns are. The four span a grouped scan (q1), a three-table join with a top 10 (q3),
 * a filtered sum (q6) and a join with a ratio (q14); one pass over the line items serves them
 * all.
 */
final class TpchReference {

  private TpchReference() {}

  /** The queries computed here. */
  static final Set<Integer> QUERIES = Set.of(1, 3, 6, 14);

  /** The largest scale computed: SF 1 takes the client about 10 s and a few hundred MB. */
  static final double MAX_SCALE = 1.0;

  /**
   * The answers of those of {@code queries} computed here, for their substitution parameters.
   *
   * @param params each query's parameters, as its text was made with
   * @return by query, its rows as text in the query's order
   */
  static Map<Integer, List<String[]>> answers(double scale, Set<Integer> queries,
      Map<Integer, Map<String, String>> params) {
    Q1 q1 = queries.contains(1) ? new Q1(params.get(1)) : null;
    Q3 q3 = queries.contains(3) ? new Q3(scale, params.get(3)) : null;
    Q6 q6 = queries.contains(6) ? new Q6(params.get(6)) : null;
    Q14 q14 = queries.contains(14) ? new Q14(scale, params.get(14)) : null;
    Map<Integer, List<String[]>> out = new TreeMap<>();
    if (q1 == null && q3 == null && q6 == null && q14 == null) {
      return out;
    }
    for (LineItem l : new LineItemGenerator(scale, 1, 1)) {
      if (q1 != null) {
        q1.add(l);
      }
      if (q3 != null) {
        q3.add(l);
      }
      if (q6 != null) {
        q6.add(l);
      }
      if (q14 != null) {
        q14.add(l);
      }
    }
    if (q1 != null) {
      out.put(1, q1.rows());
    }
    if (q3 != null) {
      out.put(3, q3.rows());
    }
    if (q6 != null) {
      out.put(6, q6.rows());
    }
    if (q14 != null) {
      out.put(14, q14.rows());
    }
    return out;
  }

  private static int day(String date) {
    return (int) LocalDate.parse(date).toEpochDay();
  }

  /** {@code unscaled / 10^scale} as text. */
  private static String decimal(long unscaled, int scale) {
    return BigDecimal.valueOf(unscaled, scale).toPlainString();
  }

  private static String mean(long unscaledSum, int scale, long count) {
    return BigDecimal.valueOf(unscaledSum, scale)
        .divide(BigDecimal.valueOf(count), 6, RoundingMode.HALF_UP).toPlainString();
  }

  /** Pricing summary: line items shipped up to DELTA days before 1998-12-01, by flag and status. */
  private static final class Q1 {
    final int lastShipDay;
    final Map<String, long[]> groups = new TreeMap<>();

    Q1(Map<String, String> p) {
      lastShipDay = day("1998-12-01") - Integer.parseInt(p.get("DELTA"));
    }

    void add(LineItem l) {
      if (l.getShipDate() > lastShipDay) {
        return;
      }
      long[] g = groups.computeIfAbsent(l.getReturnFlag() + "|" + l.getStatus(), k -> new long[6]);
      long price = l.getExtendedPriceInCents();
      long disc = l.getDiscountPercent();
      g[0] += l.getQuantity();
      g[1] += price;
      g[2] += price * (100 - disc); // 1/10^4
      g[3] += price * (100 - disc) * (100 + l.getTaxPercent()); // 1/10^6
      g[4] += disc; // 1/100
      g[5]++;
    }

    List<String[]> rows() {
      List<String[]> rows = new ArrayList<>();
      groups.forEach((k, g) -> {
        String[] key = k.split("\\|");
        rows.add(new String[] {key[0], key[1], Long.toString(g[0]), decimal(g[1], 2),
            decimal(g[2], 4), decimal(g[3], 6), mean(g[0], 0, g[5]), mean(g[1], 2, g[5]),
            mean(g[4], 2, g[5]), Long.toString(g[5])});
      });
      return rows;
    }
  }

  /**
   * Shipping priority: the 10 unshipped orders of SEGMENT's customers with the most revenue, for
   * orders placed before DATE whose items ship after it.
   */
  private static final class Q3 {
    final int date;
    /** Per qualifying order: its date and ship priority. */
    final Map<Long, int[]> orders = new HashMap<>();
    final Map<Long, long[]> revenue = new HashMap<>();

    Q3(double scale, Map<String, String> p) {
      date = day(p.get("DATE"));
      String segment = p.get("SEGMENT");
      BitSet customers = new BitSet();
      for (Customer c : new CustomerGenerator(scale, 1, 1)) {
        if (c.getMarketSegment().equals(segment)) {
          customers.set((int) c.getCustomerKey());
        }
      }
      for (Order o : new OrderGenerator(scale, 1, 1)) {
        if (o.getOrderDate() < date && customers.get((int) o.getCustomerKey())) {
          orders.put(o.getOrderKey(), new int[] {o.getOrderDate(), o.getShipPriority()});
        }
      }
    }

    void add(LineItem l) {
      if (l.getShipDate() > date && orders.containsKey(l.getOrderKey())) {
        revenue.computeIfAbsent(l.getOrderKey(), k -> new long[1])[0] +=
            l.getExtendedPriceInCents() * (100 - l.getDiscountPercent());
      }
    }

    List<String[]> rows() {
      return revenue.entrySet().stream()
          .sorted(Comparator.<Map.Entry<Long, long[]>>comparingLong(e -> -e.getValue()[0])
              .thenComparingInt(e -> orders.get(e.getKey())[0]))
          .limit(10)
          .map(e -> new String[] {Long.toString(e.getKey()), decimal(e.getValue()[0], 4),
              GenerateUtils.formatDate(orders.get(e.getKey())[0]),
              Integer.toString(orders.get(e.getKey())[1])})
          .toList();
    }
  }

  /** Forecasting revenue change: a year's items with a discount near DISCOUNT and few units. */
  private static final class Q6 {
    final int from;
    final int to;
    final long minDiscount;
    final long maxDiscount;
    final long quantity;
    long revenue; // 1/10^4

    Q6(Map<String, String> p) {
      LocalDate d = LocalDate.parse(p.get("DATE"));
      from = (int) d.toEpochDay();
      to = (int) d.plusYears(1).toEpochDay();
      long discount = new BigDecimal(p.get("DISCOUNT")).movePointRight(2).longValueExact();
      minDiscount = discount - 1;
      maxDiscount = discount + 1;
      quantity = Long.parseLong(p.get("QUANTITY"));
    }

    void add(LineItem l) {
      long disc = l.getDiscountPercent();
      if (l.getShipDate() >= from && l.getShipDate() < to && disc >= minDiscount
          && disc <= maxDiscount && l.getQuantity() < quantity) {
        revenue += l.getExtendedPriceInCents() * disc;
      }
    }

    List<String[]> rows() {
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {decimal(revenue, 4)});
      return rows;
    }
  }

  /** Promotion effect: the share of a month's revenue from parts of a PROMO type, percent. */
  private static final class Q14 {
    final int from;
    final int to;
    final BitSet promo = new BitSet();
    long promoRevenue;
    long revenue;

    Q14(double scale, Map<String, String> p) {
      LocalDate d = LocalDate.parse(p.get("DATE"));
      from = (int) d.toEpochDay();
      to = (int) d.plusMonths(1).toEpochDay();
      for (Part part : new PartGenerator(scale, 1, 1)) {
        if (part.getType().startsWith("PROMO")) {
          promo.set((int) part.getPartKey());
        }
      }
    }

    void add(LineItem l) {
      if (l.getShipDate() >= from && l.getShipDate() < to) {
        long r = l.getExtendedPriceInCents() * (100 - l.getDiscountPercent());
        revenue += r;
        if (promo.get((int) l.getPartKey())) {
          promoRevenue += r;
        }
      }
    }

    List<String[]> rows() {
      List<String[]> rows = new ArrayList<>();
      rows.add(new String[] {revenue == 0 ? null : BigDecimal.valueOf(promoRevenue * 100)
          .divide(BigDecimal.valueOf(revenue), 6, RoundingMode.HALF_UP).toPlainString()});
      return rows;
    }
  }
}
