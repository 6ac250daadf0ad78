package io.hbench.core.report;

/** Text made safe to put in an HTML page, for the report and its daemon charts alike. */
final class HtmlText {

  private HtmlText() {}

  /** {@code s} with {@code < > & "} escaped; empty for null. */
  static String esc(String s) {
    if (s == null) {
      return "";
    }
    StringBuilder b = new StringBuilder(s.length());
    for (char ch : s.toCharArray()) {
      switch (ch) {
        case '<' -> b.append("&lt;");
        case '>' -> b.append("&gt;");
        case '&' -> b.append("&amp;");
        case '"' -> b.append("&quot;");
        default -> b.append(ch);
      }
    }
    return b.toString();
  }
}
