package io.hbench.core.fs;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.apache.hadoop.conf.Configuration;
import org.junit.jupiter.api.Test;

class StoreResponsesTest {

  private static final String NAME = StoreResponses.class.getName();

  @Test
  void enablingKeepsTheInterceptorsAlreadyNamedAndAddsItselfOnce() {
    Configuration conf = new Configuration(false);
    StoreResponses.enable(conf);
    assertEquals(NAME, conf.get(StoreResponses.INTERCEPTORS));

    Configuration given = new Configuration(false);
    given.set(StoreResponses.INTERCEPTORS, " org.example.Audit ");
    StoreResponses.enable(given);
    StoreResponses.enable(given);
    assertEquals("org.example.Audit," + NAME, given.get(StoreResponses.INTERCEPTORS));
  }
}
