package io.hbench.core.cluster;

import io.hbench.core.annotation.Internal;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import org.apache.hadoop.conf.Configuration;
import org.apache.hadoop.security.UserGroupInformation;
import org.apache.hadoop.yarn.api.records.ApplicationReport;
import org.apache.hadoop.yarn.api.records.YarnApplicationState;
import org.apache.hadoop.yarn.client.api.YarnClient;

/**
 * The YARN applications of an hbench process that is gone. A job outlives the client that
 * submitted it: after a {@code kill -9} of a run, its job keeps running on the cluster. Every job
 * hbench submits is tagged with {@value #TAG} and its process ({@code hbench-pid:<pid>:<start>},
 * {@code hbench-host:<host>}); the next run on the same YARN, from the same host and as the same
 * user, kills those whose process is gone. A job of a process on another host is never judged:
 * only this host can tell whether a process of its is gone.
 */
@Internal
public final class DeadRunApplications {

  /** Every job hbench submits carries this tag. */
  public static final String TAG = "hbench";

  private static final String PID_TAG = "hbench-pid:";
  private static final String HOST_TAG = "hbench-host:";

  /** YARN keeps tags of at most 100 characters. */
  private static final int MAX_TAG = 100;

  private DeadRunApplications() {}

  /** The tags of this process's jobs, comma-separated, as {@code mapreduce.job.tags} takes them. */
  public static String tags() {
    ProcessHandle self = ProcessHandle.current();
    return TAG + "," + PID_TAG + self.pid() + ":" + started(self) + "," + hostTag();
  }

  private static String started(ProcessHandle p) {
    return p.info().startInstant().map(i -> Long.toString(i.toEpochMilli())).orElse("");
  }

  /**
   * Kills the running applications a gone hbench process of this host and user submitted to
   * {@code conf}'s YARN; returns one line per application killed. YARN not answering, or not
   * letting this user list or kill: nothing is killed and nothing is said.
   */
  public static List<String> killLeftOver(Configuration conf) {
    List<String> out = new ArrayList<>();
    YarnClient yarn = YarnClient.createYarnClient();
    try {
      yarn.init(ConfiguredCluster.fastFailing(conf));
      yarn.start();
      String user = UserGroupInformation.getCurrentUser().getShortUserName();
      String host = hostTag();
      for (ApplicationReport app : yarn.getApplications(null,
          EnumSet.of(YarnApplicationState.NEW, YarnApplicationState.NEW_SAVING,
              YarnApplicationState.SUBMITTED, YarnApplicationState.ACCEPTED,
              YarnApplicationState.RUNNING), Set.of(TAG))) {
        Set<String> tags = app.getApplicationTags();
        if (!user.equals(app.getUser()) || tags == null || !tags.contains(host)) {
          continue;
        }
        String process = tags.stream().filter(t -> t.startsWith(PID_TAG)).findFirst().orElse(null);
        if (process == null || !gone(process.substring(PID_TAG.length()))) {
          continue;
        }
        yarn.killApplication(app.getApplicationId());
        out.add("killed " + app.getApplicationId() + " (" + app.getName() + "), left running by"
            + " an hbench process that is gone (pid " + process.substring(PID_TAG.length())
            .replaceAll(":.*", "") + ")");
      }
    } catch (Exception e) {
      // Not ours to judge now: the run goes on, and so does the application.
    } finally {
      yarn.stop();
    }
    return out;
  }

  /** Whether the process {@code <pid>:<start millis>} is gone (a reused pid is not it). */
  static boolean gone(String pidAndStart) {
    String[] parts = pidAndStart.split(":", 2);
    return DeadRunDirectories.gone(parts[0], parts.length == 2 ? parts[1] : "",
        i -> Long.toString(i.toEpochMilli()));
  }

  /** The tag naming this host, as long as YARN keeps. */
  private static String hostTag() {
    String host = HOST_TAG + DeadRunDirectories.host().toLowerCase(Locale.ROOT);
    return host.substring(0, Math.min(host.length(), MAX_TAG));
  }
}
