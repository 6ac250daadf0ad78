package io.hbench.core.cluster;

import io.hbench.core.error.InvalidInputException;
import java.io.IOException;
import java.util.concurrent.Callable;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import java.util.function.Function;

/**
 * Asks a configured service one question (its version, its servers) with a time limit, for a
 * {@link ServiceProvider#connect}: a client library may retry for minutes or hang on a dead
 * address, and a user who named the wrong host should get one line within seconds instead.
 */
public final class ServiceProbe {

  private ServiceProbe() {}

  /**
   * The answer to {@code question}, asked on a thread of its own.
   *
   * @param service what is asked, for the thread's name and an interrupt's message
   * @param seconds how long to wait for the answer
   * @param silent the line when no answer came in time
   * @param failed the line when the question failed, from its cause
   * @throws InvalidInputException with {@code silent} or {@code failed}'s line
   */
  public static <T> T ask(String service, long seconds, Callable<T> question, String silent,
      Function<Throwable, String> failed) throws IOException {
    ExecutorService ask = Executors.newSingleThreadExecutor(r -> {
      Thread t = new Thread(r, "hbench-" + service + "-connect");
      t.setDaemon(true);
      return t;
    });
    try {
      Future<T> answer = ask.submit(question);
      return answer.get(seconds, TimeUnit.SECONDS);
    } catch (TimeoutException e) {
      throw new InvalidInputException(silent);
    } catch (ExecutionException e) {
      throw new InvalidInputException(failed.apply(e.getCause()));
    } catch (InterruptedException e) {
      Thread.currentThread().interrupt();
      throw new IOException("interrupted while connecting to " + service, e);
    } finally {
      // A hung client thread is a daemon: it cannot keep the process alive.
      ask.shutdownNow();
    }
  }
}
