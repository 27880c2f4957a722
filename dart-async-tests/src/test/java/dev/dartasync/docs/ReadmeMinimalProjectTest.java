package dev.dartasync.docs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.DisplayName;
import org.junit.jupiter.api.Test;

/**
 * README's "Use it in your project" shows the consumer project that {@code
 * dev.dartasync.api.ConsumerProjectTest} builds and runs: its pom, Main and MainTest must be those
 * files exactly, so what the test proves is what the reader copies.
 */
class ReadmeMinimalProjectTest {

  private static final Pattern FENCE = Pattern.compile("(?ms)^```(\\w*)\\n(.*?)^```$");

  @Test
  @DisplayName("README's minimal project is src/test/resources/consumer, file by file")
  void readmeShowsTheTestedConsumerProject() throws IOException {
    Path root = DocLinksTest.repositoryRoot();
    Path consumer = root.resolve("dart-async-tests/src/test/resources/consumer");
    List<String> blocks = blocksOf(section(Files.readString(root.resolve("README.md"))));
    assertEquals(
        Files.readString(consumer.resolve("pom.xml")),
        only(blocks, "<project "),
        "README's minimal pom.xml");
    assertEquals(
        Files.readString(consumer.resolve("src/main/java/com/example/Main.java")),
        only(blocks, "public class Main "),
        "README's Main.java");
    assertEquals(
        Files.readString(consumer.resolve("src/test/java/com/example/MainTest.java")),
        only(blocks, "class MainTest "),
        "README's MainTest.java");
  }

  /** From "## Use it in your project" to the next section of the same level. */
  private static String section(String readme) {
    int start = readme.indexOf("\n## Use it in your project\n");
    assertTrue(start >= 0, "README has a section 'Use it in your project'");
    int end = readme.indexOf("\n## ", start + 1);
    return readme.substring(start, end < 0 ? readme.length() : end);
  }

  private static List<String> blocksOf(String markdown) {
    List<String> blocks = new ArrayList<>();
    Matcher m = FENCE.matcher(markdown);
    while (m.find()) {
      blocks.add(m.group(2));
    }
    return blocks;
  }

  private static String only(List<String> blocks, String marker) {
    List<String> matching = blocks.stream().filter(b -> b.contains(marker)).toList();
    assertEquals(1, matching.size(), "code blocks containing '" + marker + "': " + matching);
    return matching.getFirst();
  }
}
