package io.hbench.mapreduce.wordcount;

import io.hbench.core.BenchmarkOption;
import io.hbench.core.error.InvalidInputException;

/** WordCount's options, apart from the job code so that {@code --help} loads no Hadoop class. */
final class WordCountOptions {

  /** Text, parsed by {@link io.hbench.core.size.SizeRange} in points(): not needed with --input. */
  static final BenchmarkOption<String> SIZES =
      BenchmarkOption.text(
          "--sizes",
          "SIZES",
          "Text sizes to generate and count, one point each (10G..200G, 1G,5G); multiples of 1M."
              + " Required unless --input.",
          "");
  static final BenchmarkOption<String> INPUT =
      BenchmarkOption.text(
          "--input",
          "DIR",
          "Count this existing text instead of generating (one point; --sizes is not used).",
          "");
  static final BenchmarkOption<Integer> VOCABULARY =
      BenchmarkOption.integer("--vocabulary", "Distinct words the text is drawn from.", "100000", 1);
  static final BenchmarkOption<Double> EXPONENT =
      BenchmarkOption.of(
          "--zipf-exponent", "S", "Zipf exponent of word frequencies (natural text: about 1).", "1.0",
          WordCountOptions::exponent);
  static double exponent(String text) {
    try {
      double s = Double.parseDouble(text.trim());
      if (s > 0 && s <= 10) {
        return s;
      }
    } catch (NumberFormatException e) {
      // Reported below.
    }
    throw new InvalidInputException(
        "invalid value '" + text + "' for --zipf-exponent: a number above 0, at most 10");
  }

  static final BenchmarkOption<Integer> SEED =
      BenchmarkOption.integer("--seed", "Seed of the text: the same seed gives the same text.", "42", 0);
  static final BenchmarkOption<Boolean> KEEP_INPUT =
      BenchmarkOption.flag(
          "--keep-input",
          "Keep the generated text under the base directory and reuse it: a later point or run"
              + " with the same seed, vocabulary and exponent generates only what is missing.");
  static final BenchmarkOption<Integer> MAPS =
      BenchmarkOption.integerOrAuto(
          "--maps", "Map tasks that generate the text (auto: one per chunk to write).", 1);
  static final BenchmarkOption<Integer> REDUCES =
      BenchmarkOption.integerOrAuto(
          "--reduces", "Reduce tasks of the count (auto: mapreduce.job.reduces, 1 unless set).", 1);

  private WordCountOptions() {}
}
