package io.hbench.core.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RequestPricesTest {

  @TempDir Path tmp;

  private Path file(String text) throws Exception {
    Path f = tmp.resolve("prices-" + System.nanoTime() + ".txt");
    Files.writeString(f, text);
    return f;
  }

  @Test
  void aPriceIsPerTheUnitAfterItsSlash() throws Exception {
    RequestPrices p = RequestPrices.read(file("""
        # S3 Standard as a test states it
        currency = USD
        source = test prices, 2026-12-01
        store_put_requests = 0.005 / 1000
        store_get_requests = 0.0004/1000
        store_bytes_in = 0.09 / 1G
        store_delete_requests = 0
        """));
    assertEquals("USD", p.currency());
    assertEquals("test prices, 2026-12-01", p.source());
    assertEquals(0.005 / 1000, p.perUnit().get("store_put_requests"), 1e-15);
    assertEquals(0.0004 / 1000, p.perUnit().get("store_get_requests"), 1e-15);
    assertEquals(0.09 / (1L << 30), p.perUnit().get("store_bytes_in"), 1e-20);
    assertEquals(0.0, p.perUnit().get("store_delete_requests"));
    assertEquals("estimated cost 0.000881 USD (test prices, 2026-12-01)", p.describe(0.00088125));
  }

  @Test
  void eachProblemIsOneLineNamingTheFileAndLine() throws Exception {
    String head = "currency = USD\nsource = s\n";
    assertProblem(head + "store_put_requests 0.005\n", ":3: expected NAME = PRICE / UNIT");
    assertProblem(head + "store_pt_requests = 0.005 / 1000\n",
        ":3: 'store_pt_requests' is not a figure hbench prices; give one of store_get_requests");
    assertProblem(head + "store_throttled = 1\n", "'store_throttled' is not a figure");
    assertProblem(head + "store_put_requests = five / 1000\n", ":3: store_put_requests: 'five'"
        + " is not a price");
    assertProblem(head + "store_put_requests = -1 / 1000\n", "cannot be negative");
    assertProblem(head + "store_put_requests = 0.005 / 1k\n", "per how many requests? got '1k'");
    assertProblem(head + "store_bytes_in = 0.09 / GB\n", "store_bytes_in: per what size?");
    assertProblem(head + "store_put_requests = 1/1000\nstore_put_requests = 2/1000\n",
        ":4: store_put_requests is priced twice");
    assertProblem("store_put_requests = 0.005 / 1000\n", "give the prices' currency and source");
    assertProblem(head, "no price given");
    InvalidInputException e = assertThrows(InvalidInputException.class,
        () -> RequestPrices.read(tmp.resolve("absent.txt")));
    assertEquals("--request-prices: cannot read " + tmp.resolve("absent.txt") + ": no such file",
        e.getMessage());
  }

  private void assertProblem(String text, String expected) throws Exception {
    Path f = file(text);
    InvalidInputException e = assertThrows(InvalidInputException.class,
        () -> RequestPrices.read(f));
    assertTrue(e.getMessage().startsWith("--request-prices " + f), e.getMessage());
    assertTrue(e.getMessage().contains(expected), e.getMessage());
    assertEquals(-1, e.getMessage().indexOf('\n'), "one line: " + e.getMessage());
  }
}
