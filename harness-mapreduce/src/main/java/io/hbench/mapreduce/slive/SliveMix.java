package io.hbench.mapreduce.slive;

import io.hbench.core.error.InvalidInputException;
import java.util.Arrays;
import java.util.EnumMap;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.stream.Collectors;

/**
 * The weights of a Slive mix ({@code create=20,read=20,...}): operations left out have weight 0.
 * Picks operations at random in proportion to their weights.
 */
final class SliveMix {

  static final String DEFAULT = "create=20,read=20,ls=20,mkdir=10,rename=10,append=10,delete=10";

  private final EnumMap<SliveOperation, Integer> weights;
  private final SliveOperation[] ops;
  private final int[] cumulative;

  private SliveMix(EnumMap<SliveOperation, Integer> weights) {
    this.weights = weights;
    this.ops = weights.entrySet().stream().filter(e -> e.getValue() > 0)
        .map(Map.Entry::getKey).toArray(SliveOperation[]::new);
    this.cumulative = new int[ops.length];
    int sum = 0;
    for (int i = 0; i < ops.length; i++) {
      sum += weights.get(ops[i]);
      cumulative[i] = sum;
    }
  }

  static SliveMix parse(String text) {
    EnumMap<SliveOperation, Integer> w = new EnumMap<>(SliveOperation.class);
    for (SliveOperation o : SliveOperation.values()) {
      w.put(o, 0);
    }
    String known =
        Arrays.stream(SliveOperation.values()).map(SliveOperation::text).collect(Collectors.joining(", "));
    for (String part : text.split(",")) {
      String p = part.trim();
      if (p.isEmpty()) {
        continue;
      }
      int eq = p.indexOf('=');
      if (eq < 0) {
        throw new InvalidInputException("--mix: '" + p + "' is not op=weight");
      }
      SliveOperation op = SliveOperation.byText(p.substring(0, eq));
      if (op == null) {
        throw new InvalidInputException(
            "--mix: unknown operation '" + p.substring(0, eq).trim() + "' (one of " + known + ")");
      }
      int weight;
      try {
        weight = Integer.parseInt(p.substring(eq + 1).trim());
      } catch (NumberFormatException e) {
        throw new InvalidInputException("--mix: weight of " + op.text() + " is not a whole number");
      }
      if (weight < 0) {
        throw new InvalidInputException("--mix: weight of " + op.text() + " is negative");
      }
      w.put(op, weight);
    }
    if (w.values().stream().mapToInt(Integer::intValue).sum() == 0) {
      throw new InvalidInputException("--mix: no operation has a weight above 0");
    }
    return new SliveMix(w);
  }

  SliveOperation pick(SplittableRandom rnd) {
    int x = rnd.nextInt(cumulative[cumulative.length - 1]);
    for (int i = 0; i < cumulative.length; i++) {
      if (x < cumulative[i]) {
        return ops[i];
      }
    }
    throw new AssertionError();
  }

  int weight(SliveOperation op) {
    return weights.get(op);
  }

  /** The mix as text, every operation with a weight above 0. */
  @Override
  public String toString() {
    return Arrays.stream(ops).map(o -> o.text() + "=" + weights.get(o)).collect(Collectors.joining(","));
  }
}
