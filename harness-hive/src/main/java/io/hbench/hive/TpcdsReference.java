package io.hbench.hive;

import io.trino.tpcds.Results;
import io.trino.tpcds.Session;
import io.trino.tpcds.Table;
import io.trino.tpcds.column.Column;
import io.trino.tpcds.column.ColumnType;
import io.trino.tpcds.column.CustomerAddressColumn;
import io.trino.tpcds.column.CustomerColumn;
import io.trino.tpcds.column.CustomerDemographicsColumn;
import io.trino.tpcds.column.DateDimColumn;
import io.trino.tpcds.column.HouseholdDemographicsColumn;
import io.trino.tpcds.column.ItemColumn;
import io.trino.tpcds.column.PromotionColumn;
import io.trino.tpcds.column.StoreColumn;
import io.trino.tpcds.column.StoreSalesColumn;
import io.trino.tpcds.column.TimeDimColumn;
import io.trino.tpcds.column.WebSalesColumn;
import java.math.BigDecimal;
import java.math.RoundingMode;
import java.time.LocalDate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.BitSet;
import java.util.Comparator;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.Function;

/**
 * The answers of 14 TPC-DS queries computed in plain Java over the rows of the tpcds library's
 * generator (the rows the database was loaded with), from the queries' templates with the spec's
 * qualification values: neither Hive nor hbench's query text takes part, so an engine's wrong
 * answer or a slip in a query's text shows. Twelve read store_sales (q3, q7, q19, q27, q36, q42,
 * q43, q52, q55, q88, q96, q98), in one pass; q12 and q86 read web_sales, in another.
 * Dimensions are hash maps by surrogate key holding only the columns used, loaded only when a
 * query asked for needs them. At SF 1 the answers are the TPC's SF 1 qualification answer sets
 * (the tpcds library's rows are dsdgen's).
 *
 * <p>The data is read as Hive reads the loaded text: an empty value is NULL (the generator's text
 * has no empty strings distinct from NULL, and the tables' null format is the empty string), and
 * CHAR(n) values lose trailing blanks, as Hive compares and groups them. SQL's rules are kept:
 * NULL keys join nothing; NULL is a group of its own; SUM and AVG skip NULLs and are NULL over
 * none; money is exact; AVG of a decimal(7,2) is Hive's decimal(11,6) (rounded half up), of an
 * INT a double; a quotient of decimals has Hive 4's result scale; division by zero is NULL. Rows
 * are sorted by the query's ORDER BY with Hive 4's default NULL order ({@link #NULLS_LAST}: NULLs
 * last ascending, first descending, as if NULL were the largest value); rows the ORDER BY leaves tied keep no
 * particular order, and an answer's {@code orderColumns} let a comparison treat them so.
 */
final class TpcdsReference {

  private TpcdsReference() {}

  /**
   * An answer: every row of the query's result (LIMIT not applied) sorted by the query's ORDER
   * BY, the query's LIMIT (0 = none), and the result columns (0-based) the ORDER BY sorts on, in
   * order.
   */
  record Expected(List<String[]> rows, int limit, int[] orderColumns) {}

  /** The queries computed here, named as the spec numbers them. */
  static final Set<String> QUERIES = Set.of("q3", "q7", "q12", "q19", "q27", "q36", "q42", "q43",
      "q52", "q55", "q86", "q88", "q96", "q98");

  /**
   * The largest scale computed: SF 1 is one pass over 2.9M store sales and 0.7M web sales, about
   * a minute of the generator's time on one core, in under 256 MB of heap.
   */
  static final double MAX_SCALE = 1.0;

  /**
   * The session setting of the NULL order the answers are sorted by: Hive 4's default, set
   * explicitly so that a server of another default (Hive 2.1 to 3) sorts the same way. (The
   * spec allows either order: the TPC's answer sets come in both.)
   */
  static final java.util.Map<String, String> NULLS_LAST = java.util.Map.of("hive.default.nulls.last", "true");

  /** A surrogate key that is NULL: it joins no dimension row. */
  private static final long NO_KEY = -1;

  /**
   * The answers of those of {@code queries} computed here, with the spec's qualification values.
   *
   * @return by query name, in the spec's order
   */
  static Map<String, Expected> answers(double scale, Set<String> queries) {
    if (!(scale > 0 && scale <= MAX_SCALE)) {
      throw new IllegalArgumentException("computed answers go up to SF " + MAX_SCALE + ", not "
          + scale);
    }
    Dimensions d = new Dimensions(scale);
    Map<String, Query> store = new LinkedHashMap<>();
    Map<String, Query> web = new LinkedHashMap<>();
    if (queries.contains("q3")) {
      store.put("q3", new Q3(d));
    }
    if (queries.contains("q7")) {
      store.put("q7", new Q7(d));
    }
    if (queries.contains("q12")) {
      web.put("q12", q12(d));
    }
    if (queries.contains("q19")) {
      store.put("q19", new Q19(d));
    }
    if (queries.contains("q27")) {
      store.put("q27", new Q27(d));
    }
    if (queries.contains("q36")) {
      store.put("q36", new Q36(d));
    }
    if (queries.contains("q42")) {
      store.put("q42", new Q42(d));
    }
    if (queries.contains("q43")) {
      store.put("q43", new Q43(d));
    }
    if (queries.contains("q52")) {
      store.put("q52", new Q52(d));
    }
    if (queries.contains("q55")) {
      store.put("q55", new Q55(d));
    }
    if (queries.contains("q86")) {
      web.put("q86", new Q86(d));
    }
    if (queries.contains("q88")) {
      store.put("q88", new Q88(d));
    }
    if (queries.contains("q96")) {
      store.put("q96", new Q96(d));
    }
    if (queries.contains("q98")) {
      store.put("q98", q98(d));
    }
    pass(Table.STORE_SALES, scale, store.values());
    pass(Table.WEB_SALES, scale, web.values());
    Map<String, Expected> out = new TreeMap<>(Comparator.comparingInt(TpcdsQueries.ALL::indexOf));
    store.forEach((q, query) -> out.put(q, query.answer()));
    web.forEach((q, query) -> out.put(q, query.answer()));
    return out;
  }

  /** One pass over a fact table serving every query that reads it. */
  private static void pass(Table fact, double scale, Iterable<Query> queries) {
    if (!queries.iterator().hasNext()) {
      return;
    }
    for (List<String> row : rows(fact, scale)) {
      for (Query q : queries) {
        q.add(row);
      }
    }
  }

  // ---------------------------------------------------------------- reading the generator

  /** The rows of {@code table}, each its values as text (NULL as null) in column order. */
  private static Iterable<List<String>> rows(Table table, double scale) {
    Session session = Session.getDefaultSession().withScale(scale).withParallelism(1)
        .withChunkNumber(1).withTable(table);
    Results results = Results.constructResults(table, session);
    return () -> {
      Iterator<List<List<String>>> it = results.iterator();
      return new Iterator<>() {
        @Override
        public boolean hasNext() {
          return it.hasNext();
        }

        @Override
        public List<String> next() {
          // A result is a row and its child rows (a sale's return); with the session's table
          // set there are none, and the table's own row always comes first.
          return it.next().get(0);
        }
      };
    };
  }

  /** A value as Hive reads the loaded text: empty is NULL, CHAR(n) without trailing blanks. */
  private static String text(List<String> row, Column c) {
    String v = row.get(c.getPosition());
    if (v == null || v.isEmpty()) {
      return null;
    }
    if (c.getType().getBase() == ColumnType.Base.CHAR) {
      int end = v.length();
      while (end > 0 && v.charAt(end - 1) == ' ') {
        end--;
      }
      return v.substring(0, end);
    }
    return v;
  }

  private static Integer integer(List<String> row, Column c) {
    String v = text(row, c);
    return v == null ? null : Integer.valueOf(v);
  }

  private static long key(List<String> row, Column c) {
    String v = text(row, c);
    return v == null ? NO_KEY : Long.parseLong(v);
  }

  private static BigDecimal decimal(List<String> row, Column c) {
    String v = text(row, c);
    return v == null ? null : new BigDecimal(v);
  }

  /** A decimal(7,2) value in cents, exactly (a third decimal place would throw). */
  private static Long cents(List<String> row, Column c) {
    String v = text(row, c);
    return v == null ? null : new BigDecimal(v).movePointRight(2).longValueExact();
  }

  /** {@code v = x} in SQL: false for NULL. */
  private static boolean is(Integer v, int x) {
    return v != null && v == x;
  }

  // ---------------------------------------------------------------- dimensions

  private record Day(Integer year, Integer moy, Integer monthSeq, String date, String dayName) {}

  private record Item(String itemId, String desc, BigDecimal currentPrice, Integer brandId,
      String brand, String itemClass, Integer categoryId, String category, Integer manufactId,
      String manufact, Integer managerId) {}

  private record Store(String id, String name, String state, String zip, BigDecimal gmtOffset) {}

  private record Clock(Integer hour, Integer minute) {}

  private record Household(Integer depCount, Integer vehicleCount) {}

  private record Promotion(String channelEmail, String channelEvent) {}

  /** The dimension tables by surrogate key, each read once and only if a query needs it. */
  private static final class Dimensions {
    final double scale;
    private Map<Long, Day> dates;
    private Map<Long, Item> items;
    private Map<Long, Store> stores;
    private Map<Long, Clock> times;
    private Map<Long, Household> households;
    private Map<Long, Promotion> promotions;
    private Map<Long, Long> customerAddresses;
    private Map<Long, String> addressZips;
    private final Map<List<String>, BitSet> demographics = new HashMap<>();

    Dimensions(double scale) {
      this.scale = scale;
    }

    Map<Long, Day> dates() {
      if (dates == null) {
        dates = new HashMap<>();
        for (List<String> r : rows(Table.DATE_DIM, scale)) {
          dates.put(key(r, DateDimColumn.D_DATE_SK), new Day(integer(r, DateDimColumn.D_YEAR),
              integer(r, DateDimColumn.D_MOY), integer(r, DateDimColumn.D_MONTH_SEQ),
              text(r, DateDimColumn.D_DATE), text(r, DateDimColumn.D_DAY_NAME)));
        }
      }
      return dates;
    }

    Map<Long, Item> items() {
      if (items == null) {
        items = new HashMap<>();
        for (List<String> r : rows(Table.ITEM, scale)) {
          items.put(key(r, ItemColumn.I_ITEM_SK), new Item(text(r, ItemColumn.I_ITEM_ID),
              text(r, ItemColumn.I_ITEM_DESC), decimal(r, ItemColumn.I_CURRENT_PRICE),
              integer(r, ItemColumn.I_BRAND_ID), text(r, ItemColumn.I_BRAND),
              text(r, ItemColumn.I_CLASS), integer(r, ItemColumn.I_CATEGORY_ID),
              text(r, ItemColumn.I_CATEGORY), integer(r, ItemColumn.I_MANUFACT_ID),
              text(r, ItemColumn.I_MANUFACT), integer(r, ItemColumn.I_MANAGER_ID)));
        }
      }
      return items;
    }

    Map<Long, Store> stores() {
      if (stores == null) {
        stores = new HashMap<>();
        for (List<String> r : rows(Table.STORE, scale)) {
          stores.put(key(r, StoreColumn.S_STORE_SK), new Store(text(r, StoreColumn.S_STORE_ID),
              text(r, StoreColumn.S_STORE_NAME), text(r, StoreColumn.S_STATE),
              text(r, StoreColumn.S_ZIP), decimal(r, StoreColumn.S_GMT_OFFSET)));
        }
      }
      return stores;
    }

    Map<Long, Clock> times() {
      if (times == null) {
        times = new HashMap<>();
        for (List<String> r : rows(Table.TIME_DIM, scale)) {
          times.put(key(r, TimeDimColumn.T_TIME_SK),
              new Clock(integer(r, TimeDimColumn.T_HOUR), integer(r, TimeDimColumn.T_MINUTE)));
        }
      }
      return times;
    }

    Map<Long, Household> households() {
      if (households == null) {
        households = new HashMap<>();
        for (List<String> r : rows(Table.HOUSEHOLD_DEMOGRAPHICS, scale)) {
          households.put(key(r, HouseholdDemographicsColumn.HD_DEMO_SK),
              new Household(integer(r, HouseholdDemographicsColumn.HD_DEP_COUNT),
                  integer(r, HouseholdDemographicsColumn.HD_VEHICLE_COUNT)));
        }
      }
      return households;
    }

    Map<Long, Promotion> promotions() {
      if (promotions == null) {
        promotions = new HashMap<>();
        for (List<String> r : rows(Table.PROMOTION, scale)) {
          promotions.put(key(r, PromotionColumn.P_PROMO_SK),
              new Promotion(text(r, PromotionColumn.P_CHANNEL_EMAIL),
                  text(r, PromotionColumn.P_CHANNEL_EVENT)));
        }
      }
      return promotions;
    }

    /** c_current_addr_sk by c_customer_sk (NO_KEY for NULL). */
    Map<Long, Long> customerAddresses() {
      if (customerAddresses == null) {
        customerAddresses = new HashMap<>();
        for (List<String> r : rows(Table.CUSTOMER, scale)) {
          customerAddresses.put(key(r, CustomerColumn.C_CUSTOMER_SK),
              key(r, CustomerColumn.C_CURRENT_ADDR_SK));
        }
      }
      return customerAddresses;
    }

    /** ca_zip by ca_address_sk. */
    Map<Long, String> addressZips() {
      if (addressZips == null) {
        addressZips = new HashMap<>();
        for (List<String> r : rows(Table.CUSTOMER_ADDRESS, scale)) {
          addressZips.put(key(r, CustomerAddressColumn.CA_ADDRESS_SK),
              text(r, CustomerAddressColumn.CA_ZIP));
        }
      }
      return addressZips;
    }

    /**
     * The cd_demo_sk of the demographics with this gender, marital status and education: a set,
     * not the table, which has 1.9M rows at every scale.
     */
    BitSet demographics(String gender, String marital, String education) {
      return demographics.computeIfAbsent(List.of(gender, marital, education), k -> {
        BitSet keys = new BitSet();
        for (List<String> r : rows(Table.CUSTOMER_DEMOGRAPHICS, scale)) {
          if (gender.equals(text(r, CustomerDemographicsColumn.CD_GENDER))
              && marital.equals(text(r, CustomerDemographicsColumn.CD_MARITAL_STATUS))
              && education.equals(text(r, CustomerDemographicsColumn.CD_EDUCATION_STATUS))) {
            keys.set(Math.toIntExact(key(r, CustomerDemographicsColumn.CD_DEMO_SK)));
          }
        }
        return keys;
      });
    }
  }

  /** Whether {@code key} is in {@code keys}: NULL (and keys beyond an int) are not. */
  private static boolean in(BitSet keys, long key) {
    return key >= 0 && key <= Integer.MAX_VALUE && keys.get((int) key);
  }

  // ---------------------------------------------------------------- aggregates

  /** SUM and AVG of a decimal(7,2) column: exact cents, and how many values were not NULL. */
  private static final class Money {
    long cents;
    long count;

    void add(Long value) {
      if (value != null) {
        cents += value;
        count++;
      }
    }

    /** Hive's sum, decimal(17,2); NULL over no values. */
    BigDecimal sum() {
      return count == 0 ? null : BigDecimal.valueOf(cents, 2);
    }

    /** Hive's avg of a decimal(7,2): decimal(11,6), rounded half up. */
    BigDecimal avg() {
      return count == 0 ? null
          : BigDecimal.valueOf(cents, 2).divide(BigDecimal.valueOf(count), 6, RoundingMode.HALF_UP);
    }
  }

  /** AVG of an INT column: a double, as Hive's is. */
  private static final class Mean {
    long sum;
    long count;

    void add(Integer value) {
      if (value != null) {
        sum += value;
        count++;
      }
    }

    Double avg() {
      return count == 0 ? null : (double) sum / count;
    }
  }

  /**
   * {@code a / b} rounded half up to {@code scale} places, the scale Hive 4 gives the quotient;
   * NULL if either is NULL or b is 0, as in Hive.
   */
  private static BigDecimal quotient(BigDecimal a, BigDecimal b, int scale) {
    return a == null || b == null || b.signum() == 0 ? null
        : a.divide(b, scale, RoundingMode.HALF_UP);
  }

  // ---------------------------------------------------------------- ordering and output

  /** One ORDER BY term: a column of the (possibly wider) row, descending or not. */
  private record Term(int column, boolean descending) {}

  private static Term asc(int column) {
    return new Term(column, false);
  }

  private static Term desc(int column) {
    return new Term(column, true);
  }

  /**
   * The order of {@code terms} with Hive 4's default NULL order: NULL sorts as the largest value,
   * so last ascending and first descending.
   */
  private static Comparator<Object[]> order(Term... terms) {
    return (a, b) -> {
      for (Term t : terms) {
        int c = compare(a[t.column()], b[t.column()]);
        if (c != 0) {
          return t.descending() ? -c : c;
        }
      }
      return 0;
    };
  }

  @SuppressWarnings({"unchecked", "rawtypes"})
  private static int compare(Object x, Object y) {
    if (x == null || y == null) {
      return x == y ? 0 : x == null ? 1 : -1;
    }
    return ((Comparable) x).compareTo(y);
  }

  /** The answer of rows ordered by {@code terms} on result columns. */
  private static Expected sorted(List<Object[]> rows, int width, int limit, Term... terms) {
    return sorted(rows, width, limit, Arrays.stream(terms).mapToInt(Term::column).toArray(), terms);
  }

  /**
   * The answer of rows whose first {@code width} values are the result columns (any further ones
   * are ORDER BY expressions), sorted by {@code terms}; {@code orderColumns} as an answer states
   * them.
   */
  private static Expected sorted(List<Object[]> rows, int width, int limit, int[] orderColumns,
      Term... terms) {
    rows.sort(order(terms));
    List<String[]> out = new ArrayList<>(rows.size());
    for (Object[] r : rows) {
      String[] s = new String[width];
      for (int i = 0; i < width; i++) {
        s[i] = format(r[i]);
      }
      out.add(s);
    }
    return new Expected(out, limit, orderColumns);
  }

  private static String format(Object v) {
    if (v == null) {
      return null;
    }
    if (v instanceof BigDecimal b) {
      return b.toPlainString();
    }
    if (v instanceof Double d) {
      return BigDecimal.valueOf(d).toPlainString();
    }
    return v.toString();
  }

  /**
   * Sets column {@code rankColumn} of each row to its rank() over (partition by {@code partition}
   * order by {@code by}): one more than the rows of its partition strictly before it, so ties
   * share a rank and the next rank skips.
   */
  private static void rank(List<Object[]> rows, Function<Object[], List<Object>> partition,
      Term by, int rankColumn) {
    Map<List<Object>, List<Object[]>> partitions = new HashMap<>();
    for (Object[] r : rows) {
      partitions.computeIfAbsent(partition.apply(r), k -> new ArrayList<>()).add(r);
    }
    Comparator<Object[]> order = order(by);
    for (List<Object[]> p : partitions.values()) {
      p.sort(order);
      for (int i = 0; i < p.size(); i++) {
        p.get(i)[rankColumn] = i > 0 && order.compare(p.get(i - 1), p.get(i)) == 0
            ? p.get(i - 1)[rankColumn] : Integer.valueOf(i + 1);
      }
    }
  }

  // ---------------------------------------------------------------- the queries

  /** A query computed over one pass of a fact table's rows. */
  private interface Query {
    void add(List<String> sale);

    Expected answer();
  }

  /**
   * q3: a manufacturer's store sales in one month of every year, by year and brand. Qualification:
   * manufacturer 128, November, the summed column (AGGC) ss_ext_sales_price.
   */
  private static final class Q3 implements Query {
    static final int MANUFACT = 128;
    static final int MONTH = 11;
    final Map<Long, Day> dates;
    final Map<Long, Item> items;
    final Map<List<Object>, Money> groups = new HashMap<>();

    Q3(Dimensions d) {
      dates = d.dates();
      items = d.items();
    }

    @Override
    public void add(List<String> s) {
      Day day = dates.get(key(s, StoreSalesColumn.SS_SOLD_DATE_SK));
      if (day == null || !is(day.moy(), MONTH)) {
        return;
      }
      Item item = items.get(key(s, StoreSalesColumn.SS_ITEM_SK));
      if (item == null || !is(item.manufactId(), MANUFACT)) {
        return;
      }
      groups.computeIfAbsent(Arrays.asList(day.year(), item.brand(), item.brandId()),
          k -> new Money()).add(cents(s, StoreSalesColumn.SS_EXT_SALES_PRICE));
    }

    @Override
    public Expected answer() {
      // d_year, brand_id, brand, sum_agg; order by d_year, sum_agg desc, brand_id limit 100
      List<Object[]> rows = new ArrayList<>();
      groups.forEach((k, m) -> rows.add(new Object[] {k.get(0), k.get(2), k.get(1), m.sum()}));
      return sorted(rows, 4, 100, asc(0), desc(3), asc(1));
    }
  }

  /** avg(ss_quantity), avg(ss_list_price), avg(ss_coupon_amt), avg(ss_sales_price) (q7, q27). */
  private static final class SaleAverages {
    final Mean quantity = new Mean();
    final Money listPrice = new Money();
    final Money couponAmt = new Money();
    final Money salesPrice = new Money();

    void add(List<String> s) {
      quantity.add(integer(s, StoreSalesColumn.SS_QUANTITY));
      listPrice.add(cents(s, StoreSalesColumn.SS_LIST_PRICE));
      couponAmt.add(cents(s, StoreSalesColumn.SS_COUPON_AMT));
      salesPrice.add(cents(s, StoreSalesColumn.SS_SALES_PRICE));
    }

    Object[] values() {
      return new Object[] {quantity.avg(), listPrice.avg(), couponAmt.avg(), salesPrice.avg()};
    }
  }

  /**
   * q7: average sales figures per item, for one demographic's purchases of a year under
   * promotions not run by email or not by event. Qualification: gender M, marital status S,
   * education College, year 2000.
   */
  private static final class Q7 implements Query {
    static final String GENDER = "M";
    static final String MARITAL_STATUS = "S";
    static final String EDUCATION = "College";
    static final int YEAR = 2000;
    final Map<Long, Day> dates;
    final Map<Long, Item> items;
    final Map<Long, Promotion> promotions;
    final BitSet demographics;
    final Map<List<Object>, SaleAverages> groups = new HashMap<>();

    Q7(Dimensions d) {
      dates = d.dates();
      items = d.items();
      promotions = d.promotions();
      demographics = d.demographics(GENDER, MARITAL_STATUS, EDUCATION);
    }

    @Override
    public void add(List<String> s) {
      Day day = dates.get(key(s, StoreSalesColumn.SS_SOLD_DATE_SK));
      if (day == null || !is(day.year(), YEAR)
          || !in(demographics, key(s, StoreSalesColumn.SS_CDEMO_SK))) {
        return;
      }
      Promotion p = promotions.get(key(s, StoreSalesColumn.SS_PROMO_SK));
      // NULL = 'N' is not true, so a NULL channel never qualifies a promotion on its own.
      if (p == null || !("N".equals(p.channelEmail()) || "N".equals(p.channelEvent()))) {
        return;
      }
      Item item = items.get(key(s, StoreSalesColumn.SS_ITEM_SK));
      if (item == null) {
        return;
      }
      groups.computeIfAbsent(Arrays.asList(item.itemId()), k -> new SaleAverages()).add(s);
    }

    @Override
    public Expected answer() {
      // i_item_id, agg1..agg4; order by i_item_id limit 100
      List<Object[]> rows = new ArrayList<>();
      groups.forEach((k, a) -> {
        Object[] v = a.values();
        rows.add(new Object[] {k.get(0), v[0], v[1], v[2], v[3]});
      });
      return sorted(rows, 5, 100, asc(0));
    }
  }

  /**
   * q19: a manager's brands sold in one month of a year to customers living outside the store's
   * zip code (first five characters). Qualification: manager 8, November, 1998.
   */
  private static final class Q19 implements Query {
    static final int MANAGER = 8;
    static final int MONTH = 11;
    static final int YEAR = 1998;
    final Map<Long, Day> dates;
    final Map<Long, Item> items;
    final Map<Long, Store> stores;
    final Map<Long, Long> customerAddresses;
    final Map<Long, String> addressZips;
    final Map<List<Object>, Money> groups = new HashMap<>();

    Q19(Dimensions d) {
      dates = d.dates();
      items = d.items();
      stores = d.stores();
      customerAddresses = d.customerAddresses();
      addressZips = d.addressZips();
    }

    /** substr(zip, 1, 5); NULL stays NULL. */
    static String zip5(String zip) {
      return zip == null ? null : zip.substring(0, Math.min(5, zip.length()));
    }

    @Override
    public void add(List<String> s) {
      Day day = dates.get(key(s, StoreSalesColumn.SS_SOLD_DATE_SK));
      if (day == null || !is(day.moy(), MONTH) || !is(day.year(), YEAR)) {
        return;
      }
      Item item = items.get(key(s, StoreSalesColumn.SS_ITEM_SK));
      if (item == null || !is(item.managerId(), MANAGER)) {
        return;
      }
      Long address = customerAddresses.get(key(s, StoreSalesColumn.SS_CUSTOMER_SK));
      Store store = stores.get(key(s, StoreSalesColumn.SS_STORE_SK));
      if (address == null || store == null || !addressZips.containsKey(address)) {
        return;
      }
      String customerZip = zip5(addressZips.get(address));
      String storeZip = zip5(store.zip());
      // <> with a NULL side is not true.
      if (customerZip == null || storeZip == null || customerZip.equals(storeZip)) {
        return;
      }
      groups.computeIfAbsent(Arrays.asList(item.brand(), item.brandId(), item.manufactId(),
          item.manufact()), k -> new Money()).add(cents(s, StoreSalesColumn.SS_EXT_SALES_PRICE));
    }

    @Override
    public Expected answer() {
      // brand_id, brand, i_manufact_id, i_manufact, ext_price;
      // order by ext_price desc, i_brand, i_brand_id, i_manufact_id, i_manufact limit 100
      List<Object[]> rows = new ArrayList<>();
      groups.forEach((k, m) -> rows.add(new Object[] {k.get(1), k.get(0), k.get(2), k.get(3),
          m.sum()}));
      return sorted(rows, 5, 100, desc(4), asc(1), asc(0), asc(2), asc(3));
    }
  }

  /**
   * q27: q7's averages for one demographic's purchases of a year in stores of six states, by
   * item and state with ROLLUP. Qualification: gender M, marital status S, education College,
   * year 2002, the six states all TN.
   */
  private static final class Q27 implements Query {
    static final String GENDER = "M";
    static final String MARITAL_STATUS = "S";
    static final String EDUCATION = "College";
    static final int YEAR = 2002;
    static final List<String> STATES = List.of("TN", "TN", "TN", "TN", "TN", "TN");
    final Map<Long, Day> dates;
    final Map<Long, Item> items;
    final Map<Long, Store> stores;
    final BitSet demographics;
    /** By i_item_id, s_state, grouping(i_item_id), grouping(s_state). */
    final Map<List<Object>, SaleAverages> groups = new HashMap<>();

    Q27(Dimensions d) {
      dates = d.dates();
      items = d.items();
      stores = d.stores();
      demographics = d.demographics(GENDER, MARITAL_STATUS, EDUCATION);
    }

    @Override
    public void add(List<String> s) {
      Day day = dates.get(key(s, StoreSalesColumn.SS_SOLD_DATE_SK));
      if (day == null || !is(day.year(), YEAR)
          || !in(demographics, key(s, StoreSalesColumn.SS_CDEMO_SK))) {
        return;
      }
      Store store = stores.get(key(s, StoreSalesColumn.SS_STORE_SK));
      Item item = items.get(key(s, StoreSalesColumn.SS_ITEM_SK));
      if (store == null || store.state() == null || !STATES.contains(store.state())
          || item == null) {
        return;
      }
      // ROLLUP (i_item_id, s_state): a row counts in its item and state, its item, and the total.
      groups.computeIfAbsent(Arrays.asList(item.itemId(), store.state(), 0, 0),
          k -> new SaleAverages()).add(s);
      groups.computeIfAbsent(Arrays.asList(item.itemId(), null, 0, 1),
          k -> new SaleAverages()).add(s);
      groups.computeIfAbsent(Arrays.asList(null, null, 1, 1), k -> new SaleAverages()).add(s);
    }

    @Override
    public Expected answer() {
      // i_item_id, s_state, g_state, agg1..agg4; order by i_item_id, s_state limit 100
      List<Object[]> rows = new ArrayList<>();
      groups.forEach((k, a) -> {
        Object[] v = a.values();
        rows.add(new Object[] {k.get(0), k.get(1), k.get(3), v[0], v[1], v[2], v[3]});
      });
      return sorted(rows, 7, 100, asc(0), asc(1));
    }
  }

  /**
   * The rows of a ROLLUP (i_category, i_class) ranked within their parent, as q36 and q86 select
   * them: the measure, i_category, i_class, lochierarchy = grouping(i_category) +
   * grouping(i_class), and rank() over (partition by lochierarchy, case when grouping(i_class) = 0
   * then i_category end order by the measure); ordered by lochierarchy desc, case when
   * lochierarchy = 0 then i_category end, rank_within_parent, limit 100. That second term is no
   * result column: the answer states i_category for it, which orders the detail rows as the query
   * does and, on the subtotal rows (one per category, ranked in one partition), asks for the
   * query's order by rank unless two ranks tie.
   *
   * @param measures by i_category, i_class, grouping(i_category), grouping(i_class)
   */
  private static Expected rankedWithinParent(Map<List<Object>, BigDecimal> measures,
      boolean descending) {
    List<Object[]> rows = new ArrayList<>();
    measures.forEach((k, m) -> {
      int lochierarchy = (Integer) k.get(2) + (Integer) k.get(3);
      // measure, i_category, i_class, lochierarchy, rank, then the ORDER BY's case expression
      rows.add(new Object[] {m, k.get(0), k.get(1), lochierarchy, null,
          lochierarchy == 0 ? k.get(0) : null});
    });
    rank(rows, r -> Arrays.asList(r[3], (Integer) r[3] == 0 ? r[1] : null),
        new Term(0, descending), 4);
    return sorted(rows, 5, 100, new int[] {3, 1, 4}, desc(3), asc(5), asc(4));
  }

  /** Adds a fact row to the three grouping sets of ROLLUP (i_category, i_class). */
  private static void rollUpByCategory(Map<List<Object>, Money[]> groups, Item item,
      Long... values) {
    for (List<Object> k : List.<List<Object>>of(
        Arrays.asList(item.category(), item.itemClass(), 0, 0),
        Arrays.asList(item.category(), null, 0, 1), Arrays.asList(null, null, 1, 1))) {
      Money[] sums = groups.computeIfAbsent(k, x -> {
        Money[] m = new Money[values.length];
        for (int i = 0; i < m.length; i++) {
          m[i] = new Money();
        }
        return m;
      });
      for (int i = 0; i < values.length; i++) {
        sums[i].add(values[i]);
      }
    }
  }

  /**
   * q36: the gross margin (sum of net profit over sum of sales) of a year's sales in stores of
   * eight states, by category and class with ROLLUP, ranked lowest first within each parent.
   * Qualification: year 2001, the eight states all TN.
   */
  private static final class Q36 implements Query {
    static final int YEAR = 2001;
    static final List<String> STATES = List.of("TN", "TN", "TN", "TN", "TN", "TN", "TN", "TN");
    final Map<Long, Day> dates;
    final Map<Long, Item> items;
    final Map<Long, Store> stores;
    /** sum(ss_net_profit), sum(ss_ext_sales_price) by the rollup's grouping sets. */
    final Map<List<Object>, Money[]> groups = new HashMap<>();

    Q36(Dimensions d) {
      dates = d.dates();
      items = d.items();
      stores = d.stores();
    }

    @Override
    public void add(List<String> s) {
      Day day = dates.get(key(s, StoreSalesColumn.SS_SOLD_DATE_SK));
      if (day == null || !is(day.year(), YEAR)) {
        return;
      }
      Store store = stores.get(key(s, StoreSalesColumn.SS_STORE_SK));
      Item item = items.get(key(s, StoreSalesColumn.SS_ITEM_SK));
      if (store == null || store.state() == null || !STATES.contains(store.state())
          || item == null) {
        return;
      }
      rollUpByCategory(groups, item, cents(s, StoreSalesColumn.SS_NET_PROFIT),
          cents(s, StoreSalesColumn.SS_EXT_SALES_PRICE));
    }

    @Override
    public Expected answer() {
      // gross_margin is decimal(17,2) / decimal(17,2): Hive 4 types it decimal(37,20).
      Map<List<Object>, BigDecimal> margins = new HashMap<>();
      groups.forEach((k, m) -> margins.put(k, quotient(m[0].sum(), m[1].sum(), 20)));
      return rankedWithinParent(margins, false);
    }
  }

  /**
   * q86: web sales' net paid over twelve months by category and class with ROLLUP, ranked highest
   * first within each parent. Qualification: months 1200 to 1211 (d_month_seq; DMS 1200).
   */
  private static final class Q86 implements Query {
    static final int DMS = 1200;
    final Map<Long, Day> dates;
    final Map<Long, Item> items;
    /** sum(ws_net_paid) by the rollup's grouping sets. */
    final Map<List<Object>, Money[]> groups = new HashMap<>();

    Q86(Dimensions d) {
      dates = d.dates();
      items = d.items();
    }

    @Override
    public void add(List<String> s) {
      Day day = dates.get(key(s, WebSalesColumn.WS_SOLD_DATE_SK));
      if (day == null || day.monthSeq() == null || day.monthSeq() < DMS
          || day.monthSeq() > DMS + 11) {
        return;
      }
      Item item = items.get(key(s, WebSalesColumn.WS_ITEM_SK));
      if (item == null) {
        return;
      }
      rollUpByCategory(groups, item, cents(s, WebSalesColumn.WS_NET_PAID));
    }

    @Override
    public Expected answer() {
      Map<List<Object>, BigDecimal> totals = new HashMap<>();
      groups.forEach((k, m) -> totals.put(k, m[0].sum()));
      return rankedWithinParent(totals, true);
    }
  }

  /**
   * q42: manager 1's store sales in one month of a year by category (the manager is fixed by the
   * template). Qualification: November 2000.
   */
  private static final class Q42 implements Query {
    static final int MANAGER = 1;
    static final int MONTH = 11;
    static final int YEAR = 2000;
    final Map<Long, Day> dates;
    final Map<Long, Item> items;
    final Map<List<Object>, Money> groups = new HashMap<>();

    Q42(Dimensions d) {
      dates = d.dates();
      items = d.items();
    }

    @Override
    public void add(List<String> s) {
      Day day = dates.get(key(s, StoreSalesColumn.SS_SOLD_DATE_SK));
      if (day == null || !is(day.moy(), MONTH) || !is(day.year(), YEAR)) {
        return;
      }
      Item item = items.get(key(s, StoreSalesColumn.SS_ITEM_SK));
      if (item == null || !is(item.managerId(), MANAGER)) {
        return;
      }
      groups.computeIfAbsent(Arrays.asList(day.year(), item.categoryId(), item.category()),
          k -> new Money()).add(cents(s, StoreSalesColumn.SS_EXT_SALES_PRICE));
    }

    @Override
    public Expected answer() {
      // d_year, i_category_id, i_category, sum(ss_ext_sales_price);
      // order by the sum desc, d_year, i_category_id, i_category limit 100
      List<Object[]> rows = new ArrayList<>();
      groups.forEach((k, m) -> rows.add(new Object[] {k.get(0), k.get(1), k.get(2), m.sum()}));
      return sorted(rows, 4, 100, desc(3), asc(0), asc(1), asc(2));
    }
  }

  /**
   * q43: a year's store sales by store and day of the week, for the stores of one time zone.
   * Qualification: GMT offset -5, year 2000.
   */
  private static final class Q43 implements Query {
    static final BigDecimal GMT = new BigDecimal("-5");
    static final int YEAR = 2000;
    static final List<String> DAYS =
        List.of("Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday");
    final Map<Long, Day> dates;
    final Map<Long, Store> stores;
    /** By s_store_name, s_store_id: sum(ss_sales_price) for each of DAYS. */
    final Map<List<Object>, Money[]> groups = new HashMap<>();

    Q43(Dimensions d) {
      dates = d.dates();
      stores = d.stores();
    }

    @Override
    public void add(List<String> s) {
      Day day = dates.get(key(s, StoreSalesColumn.SS_SOLD_DATE_SK));
      if (day == null || !is(day.year(), YEAR)) {
        return;
      }
      Store store = stores.get(key(s, StoreSalesColumn.SS_STORE_SK));
      if (store == null || store.gmtOffset() == null || store.gmtOffset().compareTo(GMT) != 0) {
        return;
      }
      Money[] sums = groups.computeIfAbsent(Arrays.asList(store.name(), store.id()), k -> {
        Money[] m = new Money[DAYS.size()];
        for (int i = 0; i < m.length; i++) {
          m[i] = new Money();
        }
        return m;
      });
      // sum(case when d_day_name = 'Sunday' then ss_sales_price else null end), ...: a row
      // counts for its own day only, and the group exists whatever its days.
      int i = DAYS.indexOf(day.dayName());
      if (i >= 0) {
        sums[i].add(cents(s, StoreSalesColumn.SS_SALES_PRICE));
      }
    }

    @Override
    public Expected answer() {
      // s_store_name, s_store_id, sun_sales..sat_sales; ordered by all of them, limit 100
      List<Object[]> rows = new ArrayList<>();
      groups.forEach((k, m) -> {
        Object[] r = new Object[2 + m.length];
        r[0] = k.get(0);
        r[1] = k.get(1);
        for (int i = 0; i < m.length; i++) {
          r[2 + i] = m[i].sum();
        }
        rows.add(r);
      });
      return sorted(rows, 9, 100, asc(0), asc(1), asc(2), asc(3), asc(4), asc(5), asc(6), asc(7),
          asc(8));
    }
  }

  /**
   * q52: manager 1's store sales in one month of a year by brand (the manager is fixed by the
   * template). Qualification: November 2000.
   */
  private static final class Q52 implements Query {
    static final int MANAGER = 1;
    static final int MONTH = 11;
    static final int YEAR = 2000;
    final Map<Long, Day> dates;
    final Map<Long, Item> items;
    final Map<List<Object>, Money> groups = new HashMap<>();

    Q52(Dimensions d) {
      dates = d.dates();
      items = d.items();
    }

    @Override
    public void add(List<String> s) {
      Day day = dates.get(key(s, StoreSalesColumn.SS_SOLD_DATE_SK));
      if (day == null || !is(day.moy(), MONTH) || !is(day.year(), YEAR)) {
        return;
      }
      Item item = items.get(key(s, StoreSalesColumn.SS_ITEM_SK));
      if (item == null || !is(item.managerId(), MANAGER)) {
        return;
      }
      groups.computeIfAbsent(Arrays.asList(day.year(), item.brand(), item.brandId()),
          k -> new Money()).add(cents(s, StoreSalesColumn.SS_EXT_SALES_PRICE));
    }

    @Override
    public Expected answer() {
      // d_year, brand_id, brand, ext_price; order by d_year, ext_price desc, brand_id limit 100
      List<Object[]> rows = new ArrayList<>();
      groups.forEach((k, m) -> rows.add(new Object[] {k.get(0), k.get(2), k.get(1), m.sum()}));
      return sorted(rows, 4, 100, asc(0), desc(3), asc(1));
    }
  }

  /**
   * q55: a manager's store sales in one month of a year by brand. Qualification: manager 28,
   * November 1999.
   */
  private static final class Q55 implements Query {
    static final int MANAGER = 28;
    static final int MONTH = 11;
    static final int YEAR = 1999;
    final Map<Long, Day> dates;
    final Map<Long, Item> items;
    final Map<List<Object>, Money> groups = new HashMap<>();

    Q55(Dimensions d) {
      dates = d.dates();
      items = d.items();
    }

    @Override
    public void add(List<String> s) {
      Day day = dates.get(key(s, StoreSalesColumn.SS_SOLD_DATE_SK));
      if (day == null || !is(day.moy(), MONTH) || !is(day.year(), YEAR)) {
        return;
      }
      Item item = items.get(key(s, StoreSalesColumn.SS_ITEM_SK));
      if (item == null || !is(item.managerId(), MANAGER)) {
        return;
      }
      groups.computeIfAbsent(Arrays.asList(item.brand(), item.brandId()), k -> new Money())
          .add(cents(s, StoreSalesColumn.SS_EXT_SALES_PRICE));
    }

    @Override
    public Expected answer() {
      // brand_id, brand, ext_price; order by ext_price desc, i_brand_id limit 100
      List<Object[]> rows = new ArrayList<>();
      groups.forEach((k, m) -> rows.add(new Object[] {k.get(1), k.get(0), m.sum()}));
      return sorted(rows, 3, 100, desc(2), asc(0));
    }
  }

  /**
   * q88: store 'ese''s sales in eight half hours from 8:30 to 12:30 to households with one of
   * three dependant counts and at most two more vehicles (the store is fixed by the template).
   * Qualification: dependant counts 4, 2 and 0 (the template's HOUR.1 to HOUR.3).
   */
  private static final class Q88 implements Query {
    static final int[] DEP_COUNTS = {4, 2, 0};
    static final String STORE_NAME = "ese";
    /** Each count's t_hour and first t_minute; it runs 30 minutes. */
    static final int[][] HALF_HOURS = {{8, 30}, {9, 0}, {9, 30}, {10, 0}, {10, 30}, {11, 0},
        {11, 30}, {12, 0}};
    final Map<Long, Clock> times;
    final Map<Long, Household> households;
    final Map<Long, Store> stores;
    final long[] counts = new long[HALF_HOURS.length];

    Q88(Dimensions d) {
      times = d.times();
      households = d.households();
      stores = d.stores();
    }

    @Override
    public void add(List<String> s) {
      Clock t = times.get(key(s, StoreSalesColumn.SS_SOLD_TIME_SK));
      if (t == null || t.hour() == null || t.minute() == null) {
        return;
      }
      Household h = households.get(key(s, StoreSalesColumn.SS_HDEMO_SK));
      Store store = stores.get(key(s, StoreSalesColumn.SS_STORE_SK));
      if (h == null || store == null || !STORE_NAME.equals(store.name())) {
        return;
      }
      boolean household = false;
      for (int dep : DEP_COUNTS) {
        household |= is(h.depCount(), dep) && h.vehicleCount() != null
            && h.vehicleCount() <= dep + 2;
      }
      if (!household) {
        return;
      }
      for (int i = 0; i < HALF_HOURS.length; i++) {
        if (t.hour() == HALF_HOURS[i][0] && t.minute() >= HALF_HOURS[i][1]
            && t.minute() < HALF_HOURS[i][1] + 30) {
          counts[i]++;
        }
      }
    }

    @Override
    public Expected answer() {
      // One row of eight counts (a cross join of eight one-row counts), no ORDER BY, no LIMIT.
      List<Object[]> rows = new ArrayList<>();
      Object[] r = new Object[counts.length];
      for (int i = 0; i < counts.length; i++) {
        r[i] = counts[i];
      }
      rows.add(r);
      return sorted(rows, counts.length, 0);
    }
  }

  /**
   * q96: how many of store 'ese''s sales fell in the second half of an hour to households with a
   * given number of dependants (the store is fixed by the template). Qualification: 20:30 to
   * 21:00, 7 dependants.
   */
  private static final class Q96 implements Query {
    static final int HOUR = 20;
    static final int DEP_COUNT = 7;
    static final String STORE_NAME = "ese";
    final Map<Long, Clock> times;
    final Map<Long, Household> households;
    final Map<Long, Store> stores;
    long count;

    Q96(Dimensions d) {
      times = d.times();
      households = d.households();
      stores = d.stores();
    }

    @Override
    public void add(List<String> s) {
      Clock t = times.get(key(s, StoreSalesColumn.SS_SOLD_TIME_SK));
      if (t == null || !is(t.hour(), HOUR) || t.minute() == null || t.minute() < 30) {
        return;
      }
      Household h = households.get(key(s, StoreSalesColumn.SS_HDEMO_SK));
      Store store = stores.get(key(s, StoreSalesColumn.SS_STORE_SK));
      if (h != null && is(h.depCount(), DEP_COUNT) && store != null
          && STORE_NAME.equals(store.name())) {
        count++;
      }
    }

    @Override
    public Expected answer() {
      // count(*): one row, 0 when nothing qualifies; order by count(*) limit 100
      List<Object[]> rows = new ArrayList<>();
      rows.add(new Object[] {count});
      return sorted(rows, 1, 100, asc(0));
    }
  }

  /**
   * q98 (store_sales) and q12 (web_sales): the revenue of items of three categories over 31 days
   * from a date, and each item's percent of its class's revenue, by item (i_item_id, i_item_desc,
   * i_category, i_class, i_current_price); ordered by i_category, i_class, i_item_id, i_item_desc,
   * revenueratio.
   */
  private static final class RevenueShare implements Query {
    final Map<Long, Day> dates;
    final Map<Long, Item> items;
    final List<String> categories;
    final String from;
    final String to;
    final int limit;
    final Column dateSk;
    final Column itemSk;
    final Column extSalesPrice;
    final Map<List<Object>, Money> groups = new HashMap<>();

    RevenueShare(Dimensions d, List<String> categories, LocalDate from, int days, int limit,
        Column dateSk, Column itemSk, Column extSalesPrice) {
      dates = d.dates();
      items = d.items();
      this.categories = categories;
      // d_date between from and from + days: ISO dates order as their text does.
      this.from = from.toString();
      this.to = from.plusDays(days).toString();
      this.limit = limit;
      this.dateSk = dateSk;
      this.itemSk = itemSk;
      this.extSalesPrice = extSalesPrice;
    }

    @Override
    public void add(List<String> s) {
      Day day = dates.get(key(s, dateSk));
      if (day == null || day.date() == null || day.date().compareTo(from) < 0
          || day.date().compareTo(to) > 0) {
        return;
      }
      Item item = items.get(key(s, itemSk));
      if (item == null || item.category() == null || !categories.contains(item.category())) {
        return;
      }
      groups.computeIfAbsent(Arrays.asList(item.itemId(), item.desc(), item.category(),
          item.itemClass(), item.currentPrice()), k -> new Money()).add(cents(s, extSalesPrice));
    }

    @Override
    public Expected answer() {
      // sum(sum(price)) over (partition by i_class); a NULL class is one partition.
      Map<Object, Money> classes = new HashMap<>();
      groups.forEach((k, m) -> {
        Money c = classes.computeIfAbsent(k.get(3), x -> new Money());
        if (m.count > 0) {
          c.add(m.cents);
        }
      });
      List<Object[]> rows = new ArrayList<>();
      groups.forEach((k, m) -> {
        BigDecimal revenue = m.sum();
        // sum * 100 / window sum: decimal(28,2) / decimal(27,2), which Hive 4 types
        // decimal(38,10).
        BigDecimal ratio = quotient(revenue == null ? null : revenue.movePointRight(2),
            classes.get(k.get(3)).sum(), 10);
        rows.add(new Object[] {k.get(0), k.get(1), k.get(2), k.get(3), k.get(4), revenue, ratio});
      });
      return sorted(rows, 7, limit, asc(2), asc(3), asc(0), asc(1), asc(6));
    }
  }

  /** q98's qualification values: CATEGORY.1 to 3 and SDATE (its YEAR 1999); it has no LIMIT. */
  private static final List<String> Q98_CATEGORIES = List.of("Sports", "Books", "Home");
  private static final LocalDate Q98_SDATE = LocalDate.parse("1999-02-22");

  private static Query q98(Dimensions d) {
    return new RevenueShare(d, Q98_CATEGORIES, Q98_SDATE, 30, 0, StoreSalesColumn.SS_SOLD_DATE_SK,
        StoreSalesColumn.SS_ITEM_SK, StoreSalesColumn.SS_EXT_SALES_PRICE);
  }

  /** q12's qualification values: CATEGORY.1 to 3 and SDATE (its YEAR 1999); LIMIT 100. */
  private static final List<String> Q12_CATEGORIES = List.of("Sports", "Books", "Home");
  private static final LocalDate Q12_SDATE = LocalDate.parse("1999-02-22");

  private static Query q12(Dimensions d) {
    return new RevenueShare(d, Q12_CATEGORIES, Q12_SDATE, 30, 100, WebSalesColumn.WS_SOLD_DATE_SK,
        WebSalesColumn.WS_ITEM_SK, WebSalesColumn.WS_EXT_SALES_PRICE);
  }
}
