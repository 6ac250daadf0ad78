package io.hbench.mapreduce.wordcount;

import java.nio.charset.StandardCharsets;

/**
 * The words of WordCount's generated text: rank {@code r} (1 = most frequent) is the number
 * {@code r + OFFSET} in bijective base 26 ({@code aaaaa, aaaab, ...}), so every word has at
 * least five letters, about six bytes with its separator as in English text, and any word maps
 * back to its rank. Word frequencies follow a Zipf law with exponent {@code s}: {@code P(r) =
 * r^-s / H(V, s)}.
 */
final class Vocabulary {

  /** Numbers below {@code OFFSET + 1} have four letters or fewer in bijective base 26. */
  static final long OFFSET = 26L + 26 * 26 + 26 * 26 * 26 + 26L * 26 * 26 * 26;

  private Vocabulary() {}

  static String word(int rank) {
    if (rank < 1) {
      throw new IllegalArgumentException("rank " + rank);
    }
    StringBuilder sb = new StringBuilder();
    long n = rank + OFFSET;
    while (n > 0) {
      n--;
      sb.append((char) ('a' + n % 26));
      n /= 26;
    }
    return sb.reverse().toString();
  }

  /** The rank of {@code word}, or -1 when it is not spelled as a rank. */
  static long rank(String word) {
    if (word.length() < 5 || word.length() > 12) {
      return -1;
    }
    long n = 0;
    for (int i = 0; i < word.length(); i++) {
      char c = word.charAt(i);
      if (c < 'a' || c > 'z') {
        return -1;
      }
      n = n * 26 + (c - 'a' + 1);
    }
    return n - OFFSET;
  }

  /** Every word's bytes, by rank (index 0 unused). */
  static byte[][] spellings(int size) {
    byte[][] w = new byte[size + 1][];
    for (int r = 1; r <= size; r++) {
      w[r] = word(r).getBytes(StandardCharsets.US_ASCII);
    }
    return w;
  }

  /**
   * Expected number of distinct words in {@code draws} Zipf draws over {@code size} words with
   * exponent {@code s}, and an upper bound of its variance: {@code {mean, variance}}. Word r is
   * seen with probability {@code q = 1 - (1 - p_r)^draws}; the count of words seen is a sum of
   * negatively correlated indicators, so its variance is at most {@code sum q (1 - q)}.
   */
  static double[] distinctWords(long draws, int size, double s) {
    double h = 0;
    for (int r = 1; r <= size; r++) {
      h += Math.pow(r, -s);
    }
    double mean = 0;
    double var = 0;
    for (int r = 1; r <= size; r++) {
      double p = Math.pow(r, -s) / h;
      double q = -Math.expm1(draws * Math.log1p(-p));
      mean += q;
      var += q * (1 - q);
    }
    return new double[] {mean, var};
  }
}
