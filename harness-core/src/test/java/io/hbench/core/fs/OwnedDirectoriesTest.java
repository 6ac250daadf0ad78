package io.hbench.core.fs;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.hbench.core.error.InvalidInputException;
import java.nio.file.Files;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Against the real local file system: the rules are the same on any Hadoop FileSystem. */
class OwnedDirectoriesTest {

  @TempDir java.nio.file.Path tmp;
  FileSystem fs;
  Path base;
  OwnedDirectories dirs;

  @BeforeEach
  void setUp() throws Exception {
    fs = FileSystem.getLocal(new Configuration());
    base = new Path(tmp.toUri().toString(), "base");
    dirs = new OwnedDirectories(fs, base, "run-1");
  }

  @Test
  void createsAndMarksTheBase() throws Exception {
    dirs.prepareBase();
    assertTrue(dirs.isOwned(base));
    dirs.prepareBase(); // a marked base is accepted again
  }

  @Test
  void removesTheBaseItCreatedWhenNothingElseIsInIt() throws Exception {
    dirs.prepareBase();
    dirs.delete(dirs.create(new Path(base, "run-1")));
    dirs.removeBaseIfEmpty();
    assertFalse(Files.exists(tmp.resolve("base")), "the base this run made and emptied is gone");
  }

  @Test
  void keepsABaseThatWasThereOrHoldsAnotherRunsData() throws Exception {
    dirs.prepareBase();
    OwnedDirectories later = new OwnedDirectories(fs, base, "run-2");
    later.prepareBase(); // found, not created
    later.removeBaseIfEmpty();
    assertTrue(dirs.isOwned(base), "a base this run did not create stays");
    dirs.create(new Path(base, "kept"));
    dirs.removeBaseIfEmpty();
    assertTrue(fs.exists(new Path(base, "kept")), "another run's kept data stays");
  }

  @Test
  void refusesAnUnmarkedBaseAndLeavesItAlone() throws Exception {
    Files.createDirectories(tmp.resolve("base"));
    Files.writeString(tmp.resolve("base/precious.txt"), "keep me");
    InvalidInputException e = assertThrows(InvalidInputException.class, dirs::prepareBase);
    assertTrue(e.getMessage().contains("not created by hbench"), e.getMessage());
    assertTrue(Files.exists(tmp.resolve("base/precious.txt")));
  }

  @Test
  void deletesOnlyMarkedDirectories() throws Exception {
    dirs.prepareBase();
    Path mine = dirs.create(new Path(base, "mine"));
    fs.create(new Path(mine, "data")).close();
    Path theirs = new Path(base, "theirs");
    fs.mkdirs(theirs);
    fs.create(new Path(theirs, "data")).close();

    assertThrows(InvalidInputException.class, () -> dirs.delete(theirs));
    assertTrue(fs.exists(new Path(theirs, "data")));
    assertThrows(InvalidInputException.class, () -> dirs.create(theirs));
    assertTrue(fs.exists(new Path(theirs, "data")));

    dirs.delete(mine);
    assertFalse(fs.exists(mine));
  }

  @Test
  void neverTouchesAnythingOutsideTheBase() throws Exception {
    dirs.prepareBase();
    Path outside = new Path(tmp.toUri().toString(), "outside");
    fs.mkdirs(outside);
    fs.create(new Path(outside, OwnedDirectories.MARKER)).close(); // even if marked
    assertThrows(InvalidInputException.class, () -> dirs.delete(outside));
    assertThrows(InvalidInputException.class, () -> dirs.create(new Path(base, "../outside")));
    assertThrows(InvalidInputException.class, () -> dirs.delete(new Path(tmp.toUri().toString(), "base2")));
    assertTrue(fs.exists(outside));
  }

  @Test
  void recreatingAMarkedDirectoryEmptiesIt() throws Exception {
    dirs.prepareBase();
    Path d = dirs.create(new Path(base, "d"));
    fs.create(new Path(d, "old")).close();
    dirs.create(d);
    assertFalse(fs.exists(new Path(d, "old")));
    assertTrue(dirs.isOwned(d));
  }
}
