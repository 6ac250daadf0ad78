package io.hbench.core.size;

import io.hbench.core.error.InvalidInputException;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

/**
 * A sweep of sizes, as the seeds' tables run them. Forms accepted:
 *
 * <ul>
 *   <li>{@code 64M}: one size;
 *   <li>{@code 10G..200G}: from 10G to 200G in steps of the first value (10G, 20G, ... 200G);
 *   <li>{@code 10G..200G:5G}: the same with an explicit step;
 *   <li>{@code 1G,5G,10G}: a list, measured in the order given.
 * </ul>
 *
 * A range whose step does not land on the end stops at the last value below it. At most {@link
 * #MAX_POINTS} points.
 */
public final class SizeRange {

  /** More points than this is almost surely a typo in the step. */
  public static final int MAX_POINTS = 1000;

  private final String text;
  private final List<Size> sizes;

  private SizeRange(String text, List<Size> sizes) {
    this.text = text;
    this.sizes = Collections.unmodifiableList(sizes);
  }

  public static SizeRange parse(String text) {
    if (text == null || text.isBlank()) {
      throw new InvalidInputException("empty size range");
    }
    String t = text.trim();
    List<Size> out = new ArrayList<>();
    if (t.contains("..")) {
      if (t.contains(",")) {
        throw new InvalidInputException(
            "invalid size range '" + text + "': use either a range (a..b[:step]) or a list (a,b,c)");
      }
      int dots = t.indexOf("..");
      String fromText = t.substring(0, dots);
      String rest = t.substring(dots + 2);
      String toText = rest;
      String stepText = null;
      int colon = rest.indexOf(':');
      if (colon >= 0) {
        toText = rest.substring(0, colon);
        stepText = rest.substring(colon + 1);
      }
      Size from = parseIn(text, fromText);
      Size to = parseIn(text, toText);
      if (to.compareTo(from) < 0) {
        throw new InvalidInputException(
            "invalid size range '" + text + "': the end " + to + " is below the start " + from);
      }
      long step = stepText == null ? from.bytes() : parseIn(text, stepText).bytes();
      long count = (to.bytes() - from.bytes()) / step + 1;
      if (count > MAX_POINTS) {
        throw new InvalidInputException(
            "invalid size range '" + text + "': " + count + " points, more than " + MAX_POINTS);
      }
      for (long v = from.bytes(); v <= to.bytes() && v > 0; v += step) {
        out.add(Size.ofBytes(v));
      }
    } else {
      String[] parts = t.split(",", -1);
      if (parts.length > MAX_POINTS) {
        throw new InvalidInputException(
            "invalid size list '" + text + "': more than " + MAX_POINTS + " points");
      }
      for (String p : parts) {
        out.add(parseIn(text, p));
      }
    }
    return new SizeRange(t, out);
  }

  private static Size parseIn(String whole, String part) {
    if (part.isBlank()) {
      throw new InvalidInputException("invalid size range '" + whole + "': a size is missing");
    }
    try {
      return Size.parse(part);
    } catch (InvalidInputException e) {
      if (whole.trim().equals(part.trim())) {
        throw e;
      }
      throw new InvalidInputException("invalid size range '" + whole + "': " + e.getMessage());
    }
  }

  public List<Size> sizes() {
    return sizes;
  }

  @Override
  public String toString() {
    return text;
  }
}
