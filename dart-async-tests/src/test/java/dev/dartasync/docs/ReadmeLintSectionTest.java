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
 * README's section on the {@code unawaited_futures} lint shows the compiler configuration that
 * dart-async-examples compiles with (the module's build proves the lines work, and that the
 * examples have no finding), and Dart's message.
 */
class ReadmeLintSectionTest {

  private static final Pattern FENCE = Pattern.compile("(?ms)^```xml\\n(.*?)^```$");
  private static final Pattern ARG = Pattern.compile("<arg>([^<]*)</arg>");
  private static final Pattern CORE_VERSION =
      Pattern.compile("<artifactId>error_prone_core</artifactId>\\s*<version>([^<]*)</version>");

  @Test
  @DisplayName("README's lint lines are the examples module's, and the message is Dart's")
  void readmeShowsTheExamplesCompilerConfiguration() throws IOException {
    Path root = DocLinksTest.repositoryRoot();
    String readme = Files.readString(root.resolve("README.md"));
    int start = readme.indexOf("\n## The `unawaited_futures` lint\n");
    assertTrue(start >= 0, "README has the lint's section");
    int end = readme.indexOf("\n## ", start + 1);
    String section = readme.substring(start, end);
    assertTrue(
        section.contains(
            "Missing an 'await' for the 'Future' computed by this expression. Try adding an 'await'"
                + " or wrapping the expression with 'unawaited'."),
        "Dart's message");
    Matcher xml = FENCE.matcher(section);
    assertTrue(xml.find(), "an xml block");
    String readmeXml = xml.group(1);
    String pom = Files.readString(root.resolve("dart-async-examples/pom.xml"));
    String compile = pom.substring(pom.indexOf("<id>default-compile</id>"), pom.indexOf("</execution>"));

    List<String> readmeArgs = args(readmeXml);
    List<String> pomArgs = args(compile);
    assertEquals(readmeArgs.size(), pomArgs.size(), pomArgs.toString());
    for (int i = 0; i < readmeArgs.size(); i++) {
      // The examples switch every other Error Prone check off and make this one an error.
      assertTrue(pomArgs.get(i).startsWith(readmeArgs.get(i)), readmeArgs.get(i) + " vs " + pomArgs.get(i));
    }
    assertEquals(version(readmeXml), version(compile), "error_prone_core's version");
    assertTrue(readmeXml.contains("<fork>true</fork>") && compile.contains("<fork>true</fork>"), "forked javac");
    assertTrue(readmeXml.contains("<artifactId>dart-async-lint</artifactId>"), "the check on the processor path");
    assertTrue(compile.contains("<artifactId>dart-async-lint</artifactId>"), "the check on the processor path");
  }

  private static List<String> args(String xml) {
    List<String> args = new ArrayList<>();
    Matcher m = ARG.matcher(xml);
    while (m.find()) {
      args.add(m.group(1));
    }
    return args;
  }

  private static String version(String xml) {
    Matcher m = CORE_VERSION.matcher(xml);
    assertTrue(m.find(), "error_prone_core with a version");
    return m.group(1);
  }
}
