package io.hbench.core.text;

import io.hbench.core.result.SecretRedactor;
import java.io.PrintStream;

/**
 * Where a run talks to its user: status and progress on stderr, tables on stdout. On a terminal a
 * progress line is redrawn in place; otherwise (a pipe, a log file, CI) a plain line is printed
 * at most every {@code plainIntervalMillis}. Every line passes through {@link
 * SecretRedactor#redactText}.
 */
public final class Console {

  private final PrintStream out;
  private final PrintStream err;
  private final boolean interactive;
  private final long plainIntervalMillis;
  private long lastPlain;
  private int lastWidth;
  private boolean progressOpen;

  public Console(PrintStream out, PrintStream err, boolean interactive, long plainIntervalMillis) {
    this.out = out;
    this.err = err;
    this.interactive = interactive;
    this.plainIntervalMillis = plainIntervalMillis;
  }

  /** A console on the process's streams, interactive when attached to a terminal. */
  public static Console system() {
    return new Console(System.out, System.err, System.console() != null, 10_000);
  }

  /** One line of status on stderr. */
  public synchronized void status(String line) {
    line = SecretRedactor.redactText(line);
    endProgress();
    err.println(line);
    err.flush();
  }

  /** Shows {@code line} as the current progress. */
  public synchronized void progress(String line) {
    line = SecretRedactor.redactText(line);
    if (interactive) {
      String padded = line.length() < lastWidth ? line + " ".repeat(lastWidth - line.length()) : line;
      err.print("\r" + padded);
      err.flush();
      lastWidth = line.length();
      progressOpen = true;
    } else {
      long now = System.currentTimeMillis();
      if (now - lastPlain >= plainIntervalMillis) {
        err.println(line);
        err.flush();
        lastPlain = now;
      }
    }
  }

  /** Shows the final state of a progress line, always, and ends the line. */
  public synchronized void finishProgress(String line) {
    line = SecretRedactor.redactText(line);
    if (interactive) {
      progress(line);
    } else {
      err.println(line);
      err.flush();
    }
    endProgress();
  }

  /** Ends the current progress line: on a terminal, leaves its last state on screen. */
  public synchronized void endProgress() {
    if (progressOpen) {
      err.println();
      progressOpen = false;
      lastWidth = 0;
    }
    lastPlain = 0;
  }

  /** Text for stdout (tables, summaries). */
  public synchronized void print(String text) {
    endProgress();
    out.print(SecretRedactor.redactText(text));
    out.flush();
  }
}
