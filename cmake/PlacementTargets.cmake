# SPDX-License-Identifier: GPL-3.0-or-later
# SPDX-FileCopyrightText: 2026 Placement Explorer contributors

# Shared settings for every target of the project.

function(placement_target_defaults target)
  if(CMAKE_CXX_COMPILER_ID MATCHES "GNU|Clang")
    target_compile_options(${target} PRIVATE -Wall -Wextra -Wpedantic -Wshadow
                                             -Wnon-virtual-dtor -Wold-style-cast)
    if(PLACEMENT_WARNINGS_AS_ERRORS)
      target_compile_options(${target} PRIVATE -Werror)
    endif()
  endif()
  if(PLACEMENT_SANITIZE)
    target_compile_options(${target} PRIVATE -fsanitize=address,undefined -fno-omit-frame-pointer
                                             -fno-sanitize-recover=undefined)
    target_link_options(${target} PRIVATE -fsanitize=address,undefined)
  endif()
endfunction()

# Fails the configuration when `target` links (directly or transitively through other
# project targets) anything whose name contains one of the given words.
function(placement_forbid_dependencies target)
  set(forbidden ${ARGN})
  set(queue ${target})
  set(seen "")
  while(queue)
    list(POP_FRONT queue current)
    if(current IN_LIST seen)
      continue()
    endif()
    list(APPEND seen ${current})
    if(NOT TARGET ${current})
      continue()
    endif()
    get_target_property(deps ${current} LINK_LIBRARIES)
    get_target_property(ideps ${current} INTERFACE_LINK_LIBRARIES)
    foreach(dep IN LISTS deps ideps)
      if(NOT dep OR dep MATCHES "-NOTFOUND$")
        continue()
      endif()
      foreach(word IN LISTS forbidden)
        string(FIND "${dep}" "${word}" at)
        if(NOT at EQUAL -1)
          message(FATAL_ERROR "${target} must not depend on ${word}, but ${current} links ${dep}")
        endif()
      endforeach()
      list(APPEND queue ${dep})
    endforeach()
  endwhile()
endfunction()
