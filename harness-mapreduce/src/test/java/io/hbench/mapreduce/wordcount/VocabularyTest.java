package io.hbench.mapreduce.wordcount;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import io.hbench.core.size.Size;
import java.util.List;
import org.junit.jupiter.api.Test;

class VocabularyTest {

  @Test
  void wordsHaveFiveLettersOrMoreAndMapBackToTheirRank() {
    assertEquals("aaaaa", Vocabulary.word(1));
    assertEquals("aaaaz", Vocabulary.word(26));
    assertEquals("aaaba", Vocabulary.word(27));
    assertEquals("zzzzz", Vocabulary.word(11_881_376));
    assertEquals("aaaaaa", Vocabulary.word(11_881_377));
    for (int r : new int[] {1, 26, 27, 702, 703, 100_000, 9_999_999}) {
      assertEquals(r, Vocabulary.rank(Vocabulary.word(r)));
    }
    assertEquals(-1, Vocabulary.rank("Hello"));
    assertEquals(-1, Vocabulary.rank("the"));
    assertEquals(-1, Vocabulary.rank(""));
  }

  @Test
  void expectedDistinctWordsFollowTheLimits() {
    // One draw: one distinct word; the variance bound is a bound (the true variance is 0).
    double[] one = Vocabulary.distinctWords(1, 1000, 1.0);
    assertEquals(1.0, one[0], 1e-9);
    assertTrue(one[1] >= 0 && one[1] <= 1, "bound " + one[1]);
    // Very many draws: every word is seen.
    assertEquals(1000, Vocabulary.distinctWords(1L << 40, 1000, 1.0)[0], 1e-6);
    // Uniform (exponent near 0) over 1000 words with 1000 draws: 1000 (1 - (1 - 1/1000)^1000).
    assertEquals(1000 * (1 - Math.pow(1 - 1e-3, 1000)),
        Vocabulary.distinctWords(1000, 1000, 1e-12)[0], 1e-3);
  }

  @Test
  void chunksAreTheLargestPowerOfTwoDividingEverySize() {
    assertEquals(128L << 20,
        WordCountBenchmark.chunkBytes(List.of(Size.parse("10G"), Size.parse("20G"))));
    assertEquals(1L << 20, WordCountBenchmark.chunkBytes(List.of(Size.parse("1M"), Size.parse("3M"))));
    assertEquals(64L << 20, WordCountBenchmark.chunkBytes(List.of(Size.parse("192M"))));
    InvalidInputException e =
        assertThrows(InvalidInputException.class,
            () -> WordCountBenchmark.chunkBytes(List.of(Size.parse("1500K"))));
    assertTrue(e.getMessage().contains("multiples of 1M"), e.getMessage());
  }
}
