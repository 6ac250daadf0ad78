package io.hbench.core.engine;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.result.Metric;
import io.hbench.core.result.MetricKey;
import io.hbench.core.size.Size;
import java.io.IOException;
import java.math.BigDecimal;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * What an object store charges for its requests and bytes, read from {@code --request-prices
 * FILE}: a line per figure of {@link StoreRequests}, its price per the unit after the slash, and
 * the currency and the prices' source (which store class, which region, read when), so that every
 * cost hbench prints says whose prices it used:
 *
 * <pre>
 * currency = USD
 * source = S3 Standard, us-east-1, aws.amazon.com/s3/pricing, read 2026-12-01
 * store_put_requests = 0.005 / 1000
 * store_get_requests = 0.0004 / 1000
 * store_bytes_in = 0.09 / 1G
 * </pre>
 *
 * A figure not named costs nothing. hbench ships no prices of its own: a store's prices change,
 * and a table from memory would be a number nobody could defend.
 *
 * @param currency what the prices are in, as written ({@code USD})
 * @param source where the prices come from and when, as written
 * @param perUnit each priced figure's price for one request or one byte
 */
record RequestPrices(String currency, String source, Map<String, Double> perUnit) {

  RequestPrices {
    perUnit = java.util.Collections.unmodifiableMap(new LinkedHashMap<>(perUnit));
  }

  /** Reads {@code file}; anything wrong is one line naming the file, the line and the problem. */
  static RequestPrices read(Path file) {
    List<String> lines;
    try {
      lines = Files.readAllLines(file, StandardCharsets.UTF_8);
    } catch (IOException | java.io.UncheckedIOException e) {
      throw new InvalidInputException("--request-prices: cannot read " + file + ": "
          + (e instanceof java.nio.file.NoSuchFileException ? "no such file" : e.getMessage()));
    }
    String currency = null;
    String source = null;
    Map<String, Double> prices = new LinkedHashMap<>();
    for (int i = 0; i < lines.size(); i++) {
      String line = lines.get(i).strip();
      if (line.isEmpty() || line.startsWith("#")) {
        continue;
      }
      String where = "--request-prices " + file + ":" + (i + 1) + ": ";
      int eq = line.indexOf('=');
      if (eq <= 0) {
        throw new InvalidInputException(where + "expected NAME = PRICE / UNIT, got '" + line + "'");
      }
      String key = line.substring(0, eq).strip();
      String value = line.substring(eq + 1).strip();
      switch (key) {
        case "currency" -> currency = value;
        case "source" -> source = value;
        default -> {
          if (!priceable(key)) {
            throw new InvalidInputException(where + "'" + key + "' is not a figure hbench prices;"
                + " give one of " + String.join(", ", priceable()));
          }
          if (prices.put(key, perUnit(where, key, value)) != null) {
            throw new InvalidInputException(where + key + " is priced twice");
          }
        }
      }
    }
    if (currency == null || currency.isEmpty() || source == null || source.isEmpty()) {
      throw new InvalidInputException("--request-prices " + file + ": give the prices' currency"
          + " and source (currency = USD, source = which store, region and date)");
    }
    if (prices.isEmpty()) {
      throw new InvalidInputException("--request-prices " + file + ": no price given");
    }
    return new RequestPrices(currency, source, prices);
  }

  /** The figures a price may be given for: the store's requests by type and its bytes. */
  static List<String> priceable() {
    return io.hbench.core.fs.StoreCounts.COUNTS.keySet().stream().filter(RequestPrices::priceable).toList();
  }

  private static boolean priceable(String name) {
    return io.hbench.core.fs.StoreCounts.COUNTS.containsKey(name)
        && (name.endsWith("_requests") || name.startsWith("store_bytes_"));
  }

  /** {@code 0.005 / 1000} for requests, {@code 0.09 / 1G} for bytes, as the price of one. */
  private static double perUnit(String where, String key, String value) {
    int slash = value.indexOf('/');
    String price = (slash < 0 ? value : value.substring(0, slash)).strip();
    String unit = slash < 0 ? "1" : value.substring(slash + 1).strip();
    BigDecimal p;
    try {
      p = new BigDecimal(price);
    } catch (NumberFormatException e) {
      throw new InvalidInputException(where + key + ": '" + price + "' is not a price");
    }
    if (p.signum() < 0) {
      throw new InvalidInputException(where + key + ": a price cannot be negative");
    }
    long per;
    if (key.startsWith("store_bytes_")) {
      try {
        per = Size.parse(unit).bytes();
      } catch (InvalidInputException e) {
        throw new InvalidInputException(where + key + ": per what size? " + e.getMessage());
      }
    } else {
      try {
        per = Long.parseLong(unit);
      } catch (NumberFormatException e) {
        per = 0;
      }
      if (per <= 0) {
        throw new InvalidInputException(where + key + ": per how many requests? got '" + unit
            + "' (for example 0.005 / 1000)");
      }
    }
    return p.doubleValue() / per;
  }

  /** The estimated cost of a phase's store counts ({@link StoreRequests#totals}). */
  double cost(Map<String, Long> totals) {
    double sum = 0;
    for (Map.Entry<String, Double> e : perUnit.entrySet()) {
      sum += totals.getOrDefault(e.getKey(), 0L) * e.getValue();
    }
    return sum;
  }

  /** The cost as a phase's metric: in the currency, lower is better. */
  Metric metric(double cost) {
    return MetricKey.of("store_cost", currency, Metric.Better.LOWER).value(cost);
  }

  /** {@code "estimated cost 0.00120 USD (S3 Standard, ...)"}. */
  String describe(double cost) {
    return "estimated cost " + io.hbench.core.text.NumberText.significant(cost, 3) + " "
        + currency + " (" + source + ")";
  }
}
