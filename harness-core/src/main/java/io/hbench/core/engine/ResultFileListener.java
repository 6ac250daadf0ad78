package io.hbench.core.engine;

import io.hbench.core.embed.RunListener;
import io.hbench.core.result.ResultRecord;
import io.hbench.core.result.ResultWriter;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Path;

/** Appends each record to the run's JSON Lines file as its point completes. */
final class ResultFileListener implements RunListener, AutoCloseable {

  private final ResultWriter writer;

  ResultFileListener(Path file) throws IOException {
    this.writer = ResultWriter.open(file);
  }

  @Override
  public void measured(ResultRecord record) {
    append(record);
  }

  /** Appends {@code record}; also how the shutdown hook records a point it cut short. */
  void append(ResultRecord record) {
    try {
      writer.append(record);
    } catch (IOException e) {
      throw new UncheckedIOException(e);
    }
  }

  @Override
  public void close() throws IOException {
    writer.close();
  }
}
