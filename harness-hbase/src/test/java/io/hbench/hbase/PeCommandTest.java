package io.hbench.hbase;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import java.util.List;
import org.junit.jupiter.api.Test;

class PeCommandTest {

  @Test
  void aListRunsWritesFirstAndReadsBeforeDeletes() {
    assertEquals(List.of(PeCommand.SEQUENTIAL_WRITE, PeCommand.RANDOM_READ, PeCommand.RANDOM_DELETE),
        PeCommand.parseList("randomDelete,randomRead,sequentialwrite"));
    List<PeCommand> all = PeCommand.parseList("all");
    assertEquals(18, all.size());
    assertEquals(PeCommand.SEQUENTIAL_WRITE, all.get(0));
    assertEquals(PeCommand.RANDOM_DELETE, all.get(17));
  }

  @Test
  void unknownAndRepeatedCommandsAreRefusedNamingThem() {
    InvalidInputException e = assertThrows(InvalidInputException.class,
        () -> PeCommand.parseList("randomRaed"));
    assertTrue(e.getMessage().contains("randomRaed") && e.getMessage().contains("randomRead"));
    assertThrows(InvalidInputException.class, () -> PeCommand.parseList("scan,scan"));
    assertThrows(InvalidInputException.class, () -> PeCommand.parseList("scan,"));
  }
}
