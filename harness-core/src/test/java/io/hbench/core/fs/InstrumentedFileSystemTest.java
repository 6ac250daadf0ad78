package io.hbench.core.fs;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertInstanceOf;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.FileNotFoundException;
import java.io.IOException;
import java.nio.file.Files;
import java.util.Map;
import java.util.Random;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.fs.FSDataInputStream;
import org.apache.hadoop.fs.FSDataOutputStream;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.LocalFileSystem;
import org.apache.hadoop.fs.Path;
import org.apache.hadoop.fs.RemoteIterator;
import org.apache.hadoop.fs.FileAlreadyExistsException;
import org.apache.hadoop.util.functional.FutureIO;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/** The wrapper on the local file system: exact counts per operation family, transparency. */
class InstrumentedFileSystemTest {

  private java.nio.file.Path tmp;
  private Configuration conf;
  private FileSystem fs;
  private FileSystem raw;
  private Path dir;

  @BeforeEach
  void setUp() throws IOException {
    tmp = Files.createTempDirectory("hbench-ifs");
    conf = new Configuration(false);
    conf.setInt(InstrumentedFileSystem.SAMPLE_KEY, 1);
    raw = FileSystem.newInstance(new Configuration(false)).getLocal(new Configuration(false));
    Instrumentation.enable(conf, "file");
    fs = FileSystem.newInstance(tmp.toUri(), conf);
    dir = new Path(tmp.toUri());
  }

  @AfterEach
  void tearDown() throws IOException {
    fs.close();
    org.apache.hadoop.fs.FileUtil.fullyDelete(tmp.toFile());
  }

  private Map<IoOperation, OperationStats> figures() {
    return Instrumentation.statistics(fs).snapshot();
  }

  private long calls(IoOperation op) {
    OperationStats s = figures().get(op);
    return s == null ? 0 : s.calls();
  }

  @Test
  void configurationMakesTheWrapperAroundTheSchemesOwnFileSystem() {
    InstrumentedFileSystem i = assertInstanceOf(InstrumentedFileSystem.class, fs);
    assertInstanceOf(LocalFileSystem.class, i.getRawFileSystem());
    assertEquals(LocalFileSystem.class.getName(), conf.get("hbench.instrument.wrapped.file"));
  }

  @Test
  void outputCallsAreCountedExactly() throws IOException {
    Path f = new Path(dir, "out");
    byte[] record = new byte[100];
    try (FSDataOutputStream out = fs.create(f)) {
      for (int i = 0; i < 1000; i++) {
        out.write(record, 0, 100);
      }
      for (int i = 0; i < 5; i++) {
        out.write(i);
      }
      out.hflush();
      out.hflush();
      out.hsync();
      assertEquals(100_005, out.getPos());
    }
    Map<IoOperation, OperationStats> s = figures();
    assertEquals(1005, s.get(IoOperation.WRITE).calls());
    assertEquals(100_005, s.get(IoOperation.WRITE).bytes());
    assertEquals(1005, s.get(IoOperation.WRITE).timedCalls(), "sample 1 times every call");
    assertTrue(s.get(IoOperation.WRITE).totalNanos() > 0);
    assertEquals(0, s.get(IoOperation.WRITE).totalNanosError());
    assertEquals(2, s.get(IoOperation.HFLUSH).calls());
    assertEquals(1, s.get(IoOperation.HSYNC).calls());
    assertEquals(1, s.get(IoOperation.CLOSE).calls());
    assertEquals(1, s.get(IoOperation.CREATE).calls());
    assertEquals(100_005, raw.getFileStatus(f).getLen());
  }

  @Test
  void inputCallsAreCountedExactlyAndDataIsUnchanged() throws IOException {
    Path f = new Path(dir, "in");
    byte[] data = new byte[10_000];
    new Random(7).nextBytes(data);
    try (FSDataOutputStream out = raw.create(f)) {
      out.write(data);
    }
    byte[] back = new byte[data.length];
    try (FSDataInputStream in = fs.open(f)) {
      assertEquals(data[0] & 0xFF, in.read());
      int off = 1;
      int reads = 1;
      while (off < back.length) {
        int n = in.read(back, off, Math.min(1000, back.length - off));
        off += n;
        reads++;
      }
      back[0] = data[0];
      assertEquals(-1, in.read(new byte[10], 0, 10));
      reads++;
      byte[] slice = new byte[100];
      in.readFully(5000, slice);
      assertArrayEquals(java.util.Arrays.copyOfRange(data, 5000, 5100), slice);
      assertEquals(50, in.read(9950L, new byte[100], 0, 100));
      in.seek(10);
      in.seek(20);
      assertEquals(data[20] & 0xFF, in.read());
      reads++;
      assertEquals(reads, calls(IoOperation.READ), "streams report while open too");
    }
    assertArrayEquals(data, back);
    Map<IoOperation, OperationStats> s = figures();
    assertEquals(10_000 + 1, s.get(IoOperation.READ).bytes());
    assertEquals(2, s.get(IoOperation.PREAD).calls());
    assertEquals(150, s.get(IoOperation.PREAD).bytes());
    assertEquals(2, s.get(IoOperation.SEEK).calls());
    assertEquals(1, s.get(IoOperation.INPUT_CLOSE).calls());
    assertEquals(1, s.get(IoOperation.OPEN).calls());
    assertNotNull(s.get(IoOperation.READ).histogram(), "closed streams carry their latencies");
  }

  @Test
  void namespaceCallsAreCountedExactly() throws IOException {
    Path a = new Path(dir, "a");
    Path b = new Path(dir, "b");
    assertTrue(fs.mkdirs(new Path(dir, "d/e")));
    fs.create(a).close();
    assertTrue(fs.exists(a));
    FileStatus st = fs.getFileStatus(a);
    assertEquals(0, st.getLen());
    assertEquals(2, fs.listStatus(dir).length);
    RemoteIterator<?> it = fs.listLocatedStatus(dir);
    while (it.hasNext()) {
      it.next();
    }
    assertTrue(fs.rename(a, b));
    assertTrue(fs.delete(b, false));
    assertTrue(fs.delete(new Path(dir, "d"), true));
    assertEquals(1, calls(IoOperation.MKDIRS));
    assertEquals(1, calls(IoOperation.CREATE));
    assertEquals(2, calls(IoOperation.GET_FILE_STATUS), "exists() is a getFileStatus");
    assertEquals(1, calls(IoOperation.LIST_STATUS));
    assertEquals(1, calls(IoOperation.LIST_LOCATED_STATUS));
    assertEquals(1, calls(IoOperation.RENAME));
    assertEquals(2, calls(IoOperation.DELETE));
  }

  @Test
  void buildersAreCountedToo() throws Exception {
    Path f = new Path(dir, "built");
    try (FSDataOutputStream out = fs.createFile(f).overwrite(true).build()) {
      out.write(new byte[42]);
    }
    try (FSDataInputStream in = FutureIO.awaitFuture(fs.openFile(f).build())) {
      assertEquals(42, in.read(new byte[64], 0, 64));
    }
    // The builder is non-recursive unless asked, as Hadoop's own.
    assertEquals(1, calls(IoOperation.CREATE_NON_RECURSIVE));
    assertEquals(1, calls(IoOperation.WRITE));
    assertEquals(1, calls(IoOperation.OPEN_FILE));
    assertEquals(42, figures().get(IoOperation.READ).bytes());
  }

  @Test
  void exceptionsPassThroughUnchangedAndCountAsFailures() throws IOException {
    Path missing = new Path(dir, "missing");
    IOException fromRaw = assertThrows(FileNotFoundException.class, () -> raw.open(missing));
    IOException wrapped = assertThrows(FileNotFoundException.class, () -> fs.open(missing));
    assertEquals(fromRaw.getMessage(), wrapped.getMessage());
    Path f = new Path(dir, "exists");
    raw.create(f).close();
    IOException rawCreate =
        assertThrows(FileAlreadyExistsException.class, () -> raw.create(f, false));
    IOException wrappedCreate =
        assertThrows(FileAlreadyExistsException.class, () -> fs.create(f, false));
    assertEquals(rawCreate.getMessage(), wrappedCreate.getMessage());
    assertEquals(1, figures().get(IoOperation.OPEN).failures());
    assertEquals(1, figures().get(IoOperation.CREATE).failures());
    FSDataOutputStream rawOut = raw.create(new Path(dir, "closed-raw"));
    rawOut.close();
    Exception rawWrite = assertThrows(Exception.class, () -> rawOut.write(new byte[1], 0, 1));
    try (FSDataOutputStream out = fs.create(new Path(dir, "closed"))) {
      out.close();
      // Writing after close fails exactly as it does unwrapped.
      Exception e = assertThrows(Exception.class, () -> out.write(new byte[1], 0, 1));
      assertEquals(rawWrite.getClass(), e.getClass());
      assertEquals(rawWrite.getMessage(), e.getMessage());
    }
    assertEquals(1, figures().get(IoOperation.WRITE).failures());
    assertEquals(2, calls(IoOperation.CLOSE), "the second close is a call too");
  }

  @Test
  void capabilitiesComeFromTheWrappedStream() throws IOException {
    Path f = new Path(dir, "cap");
    try (FSDataOutputStream out = fs.create(f);
        FSDataOutputStream rawOut = raw.create(new Path(dir, "cap-raw"))) {
      for (String c : new String[] {"hflush", "hsync", "iostatistics", "dropbehind"}) {
        assertEquals(rawOut.hasCapability(c), out.hasCapability(c), c);
      }
    }
  }

  @Test
  void sampledTimingTimesAboutOneCallInN() throws IOException {
    Configuration sampled = new Configuration(conf);
    sampled.setInt(InstrumentedFileSystem.SAMPLE_KEY, 16);
    try (FileSystem s = FileSystem.newInstance(tmp.toUri(), sampled)) {
      try (FSDataOutputStream out = s.create(new Path(dir, "sampled"))) {
        for (int i = 0; i < 160_000; i++) {
          out.write(i);
        }
      }
      OperationStats w = Instrumentation.statistics(s).snapshot().get(IoOperation.WRITE);
      assertEquals(160_000, w.calls());
      // Intervals are uniform on 1..31, mean 16: 10,000 timed calls, give or take a few %.
      assertTrue(w.timedCalls() > 9_000 && w.timedCalls() < 11_000, "timed " + w.timedCalls());
      assertTrue(w.totalNanos() >= w.timedNanos() && w.timedNanos() > 0);
      assertTrue(w.estimated(), "the other calls are timed by the coarse clock");
    }
  }

  @Test
  void reportHasTheSeedsLines() throws IOException {
    try (FSDataOutputStream out = fs.create(new Path(dir, "r"))) {
      out.write(new byte[10]);
      out.write(new byte[10]);
    }
    String report = Instrumentation.statistics(fs).report();
    assertTrue(report.startsWith("Closing file system instance: "), report);
    assertTrue(report.contains("   write.call: 2\n"), report);
    assertTrue(report.contains("   hsync.call: 0\n"), report);
    assertTrue(report.contains("   close.call: 1\n"), report);
    assertTrue(report.contains("   write.allTime: "), report);
    assertTrue(report.contains("   create.call: 1\n"), report);
  }

  @Test
  void libraryWrapCountsAnExistingInstance() throws IOException {
    InstrumentedFileSystem w = Instrumentation.wrap(raw);
    try (FSDataOutputStream out = w.create(new Path(dir, "lib"))) {
      out.write(new byte[3]);
    }
    assertEquals(1, w.statistics().snapshot().get(IoOperation.WRITE).calls());
    assertNull(Instrumentation.statistics(raw));
  }
}
