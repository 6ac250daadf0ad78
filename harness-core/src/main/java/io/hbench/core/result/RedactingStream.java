package io.hbench.core.result;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;

/**
 * An output stream that passes text on a line at a time through {@link
 * SecretRedactor#redactText}: the process's stdout and stderr, where hbench's own lines, the
 * logs of the Hadoop, Hive and HBase code it runs, and uncaught exceptions all end up.
 */
public final class RedactingStream extends OutputStream {

  private final OutputStream target;
  private final ByteArrayOutputStream line = new ByteArrayOutputStream(256);

  private RedactingStream(OutputStream target) {
    this.target = target;
  }

  /** {@code target} behind redaction, as a UTF-8 print stream that flushes at each line. */
  public static PrintStream wrap(PrintStream target) {
    return new PrintStream(new RedactingStream(target), true, StandardCharsets.UTF_8);
  }

  @Override
  public synchronized void write(int b) throws IOException {
    line.write(b);
    if (b == '\n' || b == '\r') {
      emit();
    }
  }

  @Override
  public synchronized void write(byte[] b, int off, int len) throws IOException {
    for (int i = off; i < off + len; i++) {
      write(b[i]);
    }
  }

  /** Writes what is buffered: a progress line redrawn in place ends without a newline. */
  @Override
  public synchronized void flush() throws IOException {
    emit();
    target.flush();
  }

  @Override
  public synchronized void close() throws IOException {
    flush();
    target.close();
  }

  private void emit() throws IOException {
    if (line.size() == 0) {
      return;
    }
    String text = line.toString(StandardCharsets.UTF_8);
    line.reset();
    target.write(SecretRedactor.redactText(text).getBytes(StandardCharsets.UTF_8));
  }
}
