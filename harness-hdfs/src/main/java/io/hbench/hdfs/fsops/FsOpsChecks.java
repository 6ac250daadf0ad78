package io.hbench.hdfs.fsops;

import io.hbench.core.RunContext;
import io.hbench.core.load.LoadResult;
import java.io.IOException;
import java.util.Map;
import org.apache.hadoop.fs.FileStatus;
import org.apache.hadoop.fs.FileSystem;
import org.apache.hadoop.fs.Path;

/**
 * What fsops checks after its load: that the file system did what the calls asked (lengths,
 * every byte read, renames, deletes, directories) and that every call succeeded.
 */
final class FsOpsChecks {

  private FsOpsChecks() {}

  /** Files and their bytes in the runs' directories under {@code work} (its marker left out). */
  private static long[] runFiles(FileSystem fs, Path work) throws IOException {
    long files = 0;
    long bytes = 0;
    for (FileStatus run : fs.listStatus(work)) {
      if (run.isDirectory()) {
        org.apache.hadoop.fs.ContentSummary c = fs.getContentSummary(run.getPath());
        files += c.getFileCount();
        bytes += c.getLength();
      }
    }
    return new long[] {files, bytes};
  }

  /** The run's files of {@code size} bytes, and the shorter ones. */
  private static long[] wholeAndShort(FileSystem fs, Path work, long size) throws IOException {
    long[] out = new long[2];
    org.apache.hadoop.fs.RemoteIterator<org.apache.hadoop.fs.LocatedFileStatus> files =
        fs.listFiles(work, true);
    while (files.hasNext()) {
      out[files.next().getLen() == size ? 0 : 1]++;
    }
    return out;
  }

  /**
   * Reads every whole file of the run ({@code w_<client>_<i>}) and compares it with the
   * pattern its client wrote; returns the files read and those that differ.
   */
  private static long[] readBack(FileSystem fs, Path work, long size, int buffer)
      throws IOException {
    long[] out = new long[2];
    byte[] buf = new byte[Math.max(4096, buffer)];
    java.util.Map<Long, io.hbench.core.fs.DataPattern> patterns = new java.util.HashMap<>();
    org.apache.hadoop.fs.RemoteIterator<org.apache.hadoop.fs.LocatedFileStatus> files =
        fs.listFiles(work, true);
    while (files.hasNext()) {
      org.apache.hadoop.fs.LocatedFileStatus f = files.next();
      String[] name = f.getPath().getName().split("_");
      if (f.getLen() != size || name.length != 3 || !name[0].equals("w")) {
        continue;
      }
      io.hbench.core.fs.DataPattern pattern = patterns.computeIfAbsent(
          Long.parseLong(name[1]), n -> new io.hbench.core.fs.DataPattern(n, buf.length));
      out[0]++;
      try (java.io.InputStream in = fs.open(f.getPath())) {
        long offset = 0;
        int n;
        while ((n = in.read(buf, 0, buf.length)) > 0) {
          if (pattern.mismatch(buf, 0, n, offset) >= 0) {
            out[1]++;
            break;
          }
          offset += n;
        }
      }
    }
    return out;
  }

  /**
   * @param work delete's and mkdirs' directory
   * @param clients client threads over every process
   * @param checked whether reads compared every byte (not for a file given with --file-path)
   * @param timed whether a duration, not a count, ended the load
   * @param readBack whether every file a timed create_write wrote is read back and compared
   *     (under {@code --disrupt}, whose faults hit writes under way)
   */
  static void verify(FsOperation op, RunContext ctx, Path data, Path work, int clients,
      long iterations, long size, LoadResult r, boolean checked, boolean timed, boolean readBack)
      throws IOException {
    FileSystem fs = ctx.fileSystem();
    long calls = r.calls();
    Map<String, Long> failures = r.tally().failures(op.text());
    // With --duration the count of calls is what the time allowed, not clients x iterations;
    // warm-up calls were made but are not among the recorded ones.
    long warm = r.warmupCalls();
    long expectedCalls = timed ? calls : clients * iterations - warm;
    long left = r.count(FsOpsCalls.MADE);
    switch (op) {
      case CREATE_WRITE -> {
        if (timed) {
          // Fresh files, every run's under <op>/r<run>: as many as written, each whole.
          long[] files = runFiles(fs, work);
          if ((files[0] == left && files[1] == left * size) || r.failures() == 0) {
            ctx.check("lengths", files[0] == left && files[1] == left * size, files[0]
                + " files of " + files[1] + " bytes for " + left + " written of " + size
                + " bytes each");
          } else {
            // A call that failed (a fault mid-write) may leave its file behind, short or whole
            // but not closed: the written ones must all be whole, and no more files be left
            // over than calls failed.
            long[] split = wholeAndShort(fs, work, size);
            long extra = split[0] - left + split[1];
            ctx.check("lengths", split[0] >= left && extra <= r.failures(), split[0]
                + " whole files of " + size + " bytes for " + left + " written; " + extra
                + " more (" + split[1] + " short) left by " + r.failures() + " failed calls");
          }
          if (readBack) {
            long[] read = readBack(fs, work, size, ctx.configuration().getInt(
                "io.file.buffer.size", 4096));
            ctx.check("read_back", read[1] == 0, read[1] == 0
                ? "every one of the " + read[0] + " whole files read back is what was written"
                : read[1] + " of " + read[0] + " whole files read back hold bytes that were not"
                    + " written");
          }
          break;
        }
        int wrong = 0;
        for (int t = 0; t < clients; t++) {
          if (fs.getFileStatus(FsOpsCalls.testFile(data, t)).getLen() != size) {
            wrong++;
          }
        }
        ctx.check("lengths", wrong == 0, wrong == 0
            ? clients + " files of " + size + " bytes"
            : wrong + " of " + clients + " files are not " + size + " bytes long");
      }
      case OPEN_READ, SINGLE_READ, PREFETCH_READ -> {
        // A file given with --file-path has unknown contents: only its byte count is checked.
        if (checked) {
          long wrong = failures.getOrDefault(FsOpsCalls.WRONG_BYTES, 0L);
          ctx.check("read_back", wrong == 0, wrong == 0
              ? "every byte read is what create_write wrote"
              : wrong + " read(s) found bytes create_write did not write; the first: "
                  + r.firstProblem());
        }
        long expected = expectedCalls * size;
        ctx.check("bytes", r.bytes() == expected, r.bytes() + " bytes read, expected " + expected);
      }
      case RENAME -> {
        int back = 0;
        int present = 0;
        for (int t = 0; t < clients; t++) {
          Path a = FsOpsCalls.testFile(data, t);
          Path b = new Path(a + "_new");
          // An odd number of renames leaves a file under its new name: put it back, untimed.
          if (!fs.exists(a) && fs.exists(b) && fs.rename(b, a)) {
            back++;
          }
          present += fs.exists(a) ? 1 : 0;
        }
        ctx.check("renamed", present == clients,
            present + " of " + clients + " test files in place after renaming"
                + (back > 0 ? " (" + back + " renamed back, untimed)" : ""));
      }
      case DELETE -> {
        if (timed) {
          long prepared = r.count(FsOpsCalls.PREPARED);
          long files = runFiles(fs, work)[0];
          ctx.check("deleted", files == prepared - left && left > 0, files + " files left of "
              + prepared + " made for the load, after " + left + " deletes");
          break;
        }
        long files = fs.listStatus(work).length - 1; // the directory's own marker stays
        ctx.check("deleted", files == 0, files + " files left, expected 0");
      }
      case MKDIRS -> {
        // Every run's, each under <op>/r<run>, against what every run's calls made.
        long made = 0;
        for (FileStatus run : fs.listStatus(work)) {
          if (run.isDirectory()) {
            for (FileStatus st : fs.listStatus(run.getPath())) {
              made += st.isDirectory() ? 1 : 0;
            }
          }
        }
        ctx.check("directories", made == left && left >= calls + warm,
            made + " directories, expected " + left);
      }
      case CLEAN -> ctx.check("removed", !fs.exists(data),
          data + (fs.exists(data) ? " still exists" : " is gone"));
      default -> { }
    }
    if (op == FsOperation.CLEAN) {
      return;
    }
    ctx.check("no_failures", r.failuresOutsideFaults() == 0 && calls > 0
        && calls == expectedCalls, calls + " calls" + (timed ? "" : " of " + expectedCalls)
            + ", " + r.failures() + " failed" + r.faultFailuresNote() + (failures.isEmpty() ? ""
            : " "
            + failures
                + "; the first: " + r.firstProblem()));
  }
}
